import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the payments module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class PaymentsError extends DomainError {}

export const { conflict, notFound } = refusalsOf(PaymentsError);
