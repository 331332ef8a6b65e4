import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What mail-scan refuses with; the edge answers it (platform/http/error-answer.ts). */
export class MailScanRefusal extends DomainError {}

export const { notFound, refused } = refusalsOf(MailScanRefusal);

export const notConnected = () =>
  refused('conflict', 'mail_service_not_connected', 'Connect the mail-scan account first.');
