import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the reports module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class ReportsError extends DomainError {}

export const { conflict, forbidden, notFound } = refusalsOf(ReportsError);
