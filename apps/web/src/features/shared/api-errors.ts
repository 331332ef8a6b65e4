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
 * Which form field shows a `400` body's key: a list of the form's field names (they are the API's, so
 * no mapping is needed), or a function for forms whose names differ or repeat (`lines.0.amount`);
 * null leaves the message above the form.
 */
export type ApiErrorFields<T extends FieldValues> = readonly Path<T>[] | ((key: string) => Path<T> | null);

export interface ApplyApiErrorsOptions {
  /** Move the focus to the first field with a message (default), so keyboard users land on it. */
  focus?: boolean;
}

/**
 * Puts the messages of a `400 {field: [...]}` body under the matching form fields and returns
 * the message to show above the form for everything else (null when every message found a field).
 * The one mapping of API errors to form fields of the web app.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ApiErrorFields<T>,
  { focus = true }: ApplyApiErrorsOptions = {},
): string | null {
  if (!isApiError(error, 400) || error.body === null || typeof error.body !== 'object') {
    return apiErrorMessage(error);
  }
  const fieldOf =
    typeof fields === 'function' ? fields : (key: string) => fields.find((name) => name === key) ?? null;
  const rest: string[] = [];
  let focused = !focus;
  for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
    const message = firstText(value);
    if (!message) continue;
    const field = fieldOf(key);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else rest.push(message);
  }
  return rest[0] ?? null;
}
