import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What bills refuses with; the edge answers it (platform/http/error-answer.ts). */
export class BillsError extends DomainError {}

export const { conflict, forbidden, notFound, refused } = refusalsOf(BillsError);
