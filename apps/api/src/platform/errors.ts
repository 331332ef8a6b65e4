/**
 * Typed errors with a code and a user-facing message. The error handler turns them into
 * `{detail, code}` bodies (DESIGN.md §4); nothing else of an error reaches the caller.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** `400 {field: ["message"]}`. */
export class ValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation failed');
    this.name = 'ValidationError';
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, 'not_found', detail);
export const forbidden = (
  detail = 'You do not have permission to perform this action.',
  code = 'permission_denied',
) => new HttpError(403, code, detail);
export const unauthorized = (detail = 'Given token not valid for any token type', code = 'token_not_valid') =>
  new HttpError(401, code, detail);
export const conflict = (detail: string) => new HttpError(409, 'conflict', detail);
export const throttled = (detail = 'Too many attempts. Try again later.') =>
  new HttpError(429, 'throttled', detail);
export const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] });
