import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the groups module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class GroupsError extends DomainError {}

export const { forbidden, notFound } = refusalsOf(GroupsError);
