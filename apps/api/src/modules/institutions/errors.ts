import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the institutions module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class InstitutionsError extends DomainError {}

export const { conflict, notFound } = refusalsOf(InstitutionsError);
