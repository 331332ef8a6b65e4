import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the users module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class UsersError extends DomainError {}

export const { forbidden, notFound } = refusalsOf(UsersError);
