import { DomainError, type DomainErrorKind, ValidationError } from '../domain-errors.ts';

/** A status and body as the API answers them. */
export interface Answer {
  status: number;
  body: unknown;
}

/** The one place a service's refusal becomes an HTTP status (DESIGN.md §4). */
export const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  throttled: 429,
};

/** A refusal as the answer the API gives for it (and an idempotent replay repeats), or null for a fault. */
export function errorAnswer(error: unknown): Answer | null {
  if (error instanceof DomainError)
    return { status: STATUS_OF_KIND[error.kind], body: { detail: error.detail, code: error.code } };
  if (error instanceof ValidationError) return { status: 400, body: error.fields };
  return null;
}
