import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What bill-search refuses with; the edge answers it (platform/http/error-answer.ts). */
export class BillSearchError extends DomainError {}

export const { notFound } = refusalsOf(BillSearchError);
