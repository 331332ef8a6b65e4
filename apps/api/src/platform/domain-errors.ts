/**
 * What a service may refuse with, free of HTTP (issue 11, item 2): each module declares its own error
 * class (`modules/<m>/errors.ts`, `class BillsError extends DomainError`), throws it with a code and a
 * user-facing message, and the edge turns the kind into a status and body once (platform/http/
 * error-answer.ts, DESIGN.md §4). Services never see a request or a reply.
 */

/** Why a request was refused, in the service's terms; the edge maps each to one HTTP status. */
export type DomainErrorKind =
  | 'invalid' // the request cannot be carried out as sent (400 `{detail, code}`)
  | 'unauthenticated' // no valid identity (401)
  | 'forbidden' // the caller may not do this (403)
  | 'not_found' // nothing the caller may see has that identity (404)
  | 'conflict' // the state changed or forbids it now (409)
  | 'unprocessable' // well-formed but contradicts an earlier request (422)
  | 'throttled'; // too many attempts (429)

/** A refusal with a stable machine code and a message a user can read. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

/** Field messages, answered as `400 {field: ["message"]}`. */
export class ValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation failed');
    this.name = 'ValidationError';
  }
}

export const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] });

type ErrorClass<E extends DomainError> = new (kind: DomainErrorKind, code: string, detail: string) => E;

/**
 * The common refusals, made with a module's own error class, so a module writes
 * `export const { notFound, forbidden, conflict } = refusalsOf(BillsError)` once in its errors.ts.
 */
export function refusalsOf<E extends DomainError>(ModuleError: ErrorClass<E>) {
  return {
    notFound: (detail = 'Not found.') => new ModuleError('not_found', 'not_found', detail),
    forbidden: (detail = 'You do not have permission to perform this action.', code = 'permission_denied') =>
      new ModuleError('forbidden', code, detail),
    unauthenticated: (detail = 'Given token not valid for any token type', code = 'token_not_valid') =>
      new ModuleError('unauthenticated', code, detail),
    conflict: (detail: string, code = 'conflict') => new ModuleError('conflict', code, detail),
    throttled: (detail = 'Too many attempts. Try again later.') =>
      new ModuleError('throttled', 'throttled', detail),
    /** A refusal with its own code: `refused('invalid', 'mfa_method_inactive', 'This … is not active.')`. */
    refused: (kind: DomainErrorKind, code: string, detail: string) => new ModuleError(kind, code, detail),
  };
}
