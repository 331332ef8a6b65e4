import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the notifications module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class NotificationsError extends DomainError {}

export const { notFound } = refusalsOf(NotificationsError);
