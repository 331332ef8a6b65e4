import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the staff module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class StaffError extends DomainError {}

export const { conflict, forbidden, notFound } = refusalsOf(StaffError);
