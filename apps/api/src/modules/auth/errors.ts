import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the auth module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class AuthError extends DomainError {}

// `unauthorized`, as platform/errors.ts names the 401 the routes answered with before.
export const {
  forbidden,
  notFound,
  refused,
  throttled,
  unauthenticated: unauthorized,
} = refusalsOf(AuthError);
