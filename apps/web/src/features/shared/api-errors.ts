import { ApiError } from '@bp/api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessageOf, FALLBACK_ERROR_MESSAGE } from '../../ui/index.ts';

export { FALLBACK_ERROR_MESSAGE };
export const THROTTLED_MESSAGE = 'Too many attempts. Try again in a few minutes.';

function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text) return text;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) {
      const text = firstText(item);
      if (text) return text;
    }
  }
  return null;
}

/**
 * The message a user should read for a failed call (SPEC.md §8 "Generic API error display"):
 * `detail` of a `{detail, code}` body, otherwise the first text found under the body's first key.
 */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const detail = (body as { detail?: unknown }).detail;
      if (typeof detail === 'string' && detail !== '') return detail;
    }
  }
  return errorMessageOf(error);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The first message of one field of a `400 {field: ["message"]}` body, if that field is there. */
export function fieldErrorMessage(error: unknown, field: string): string | null {
  if (!isApiError(error, 400)) return null;
  const body = error.body;
  if (body === null || typeof body !== 'object') return null;
  return firstText((body as Record<string, unknown>)[field]);
}

/**
 * Puts the messages of a `400 {field: [...]}` body under the matching form fields and returns
 * the message to show above the form for everything else (null when every message found a field).
 * Form field names are the API's field names, so no mapping table is needed.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!isApiError(error, 400) || error.body === null || typeof error.body !== 'object') {
    return apiErrorMessage(error);
  }
  const rest: string[] = [];
  for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
    const message = firstText(value);
    if (!message) continue;
    const field = fields.find((name) => name === key);
    if (field) setError(field, { type: 'server', message }, { shouldFocus: rest.length === 0 });
    else rest.push(message);
  }
  return rest[0] ?? null;
}
