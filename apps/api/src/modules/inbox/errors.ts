import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the inbox module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class InboxError extends DomainError {}

export const { forbidden, notFound, refused } = refusalsOf(InboxError);
