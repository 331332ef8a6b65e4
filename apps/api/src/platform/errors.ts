import { DomainError, type DomainErrorKind, refusalsOf } from './domain-errors.ts';
import { STATUS_OF_KIND } from './http/error-answer.ts';

export type { DomainErrorKind } from './domain-errors.ts';
export { DomainError, invalid, ValidationError } from './domain-errors.ts';

/**
 * Refusals of the platform itself (the access guard, request checks, idempotency) and of the edge (route
 * handlers). A module's services throw their module's own errors instead (modules/<m>/errors.ts); the
 * `services-free-of-http` boundary rule keeps them from importing this file.
 */
export class PlatformError extends DomainError {}

export const { notFound, forbidden, conflict, throttled, refused } = refusalsOf(PlatformError);
export const unauthorized = refusalsOf(PlatformError).unauthenticated;

const KIND_OF_STATUS = new Map(
  Object.entries(STATUS_OF_KIND).map(([kind, status]) => [status, kind as DomainErrorKind]),
);

/**
 * @deprecated Kept while modules move to their own errors (issue 11, item 2): a status-numbered
 * refusal, stored as its kind. Throw a module error or `refused(kind, code, detail)` instead.
 */
export class HttpError extends DomainError {
  constructor(statusCode: number, code: string, detail: string) {
    const kind = KIND_OF_STATUS.get(statusCode);
    if (!kind) throw new Error(`no refusal kind answers with status ${statusCode}`);
    super(kind, code, detail);
  }

  get statusCode(): number {
    return STATUS_OF_KIND[this.kind];
  }
}
