import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the entities module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class EntitiesError extends DomainError {}

export const { conflict, forbidden, notFound } = refusalsOf(EntitiesError);
