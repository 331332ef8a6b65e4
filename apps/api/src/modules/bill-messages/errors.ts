import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What bill-messages refuses with; the edge answers it (platform/http/error-answer.ts). */
export class BillMessagesError extends DomainError {}

export const { notFound } = refusalsOf(BillMessagesError);
