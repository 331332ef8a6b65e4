import { ApiError, extractErrorMessage, FALLBACK_ERROR_MESSAGE, SessionError } from '@bp/api-client';

export { extractErrorMessage, FALLBACK_ERROR_MESSAGE };

/**
 * The text to show for anything a call threw (SPEC.md §8): the API's own message, else the fallback.
 * Browser network errors ('Failed to fetch') mean nothing to users, so they get the fallback too.
 */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return extractErrorMessage(error.body);
  if (error instanceof SessionError) return error.message;
  return FALLBACK_ERROR_MESSAGE;
}
