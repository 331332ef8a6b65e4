import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What two-factor refuses with; the edge answers it (platform/http/error-answer.ts). */
export class MfaError extends DomainError {}

// `unauthorized`, as platform/errors.ts names the 401 the routes answered with before.
export const { forbidden, refused, throttled, unauthenticated: unauthorized } = refusalsOf(MfaError);
