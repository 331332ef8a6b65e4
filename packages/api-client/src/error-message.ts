export const FALLBACK_ERROR_MESSAGE = 'Service temporarily unavailable. Please try again later.';

/**
 * The message to show for an error body (SPEC.md §8): the value of the body's first key, taking the
 * first element of a list or the first value of a nested object until a text is reached.
 * `{detail, code}` gives the detail; `{email: ["Enter a valid e-mail address."]}` gives that message.
 */
export function extractErrorMessage(body: unknown): string {
  return firstText(body, 0) ?? FALLBACK_ERROR_MESSAGE;
}

function firstText(value: unknown, depth: number): string | null {
  // Bodies are shallow; the bound only guards against pathological input.
  if (depth > 8) return null;
  if (typeof value === 'string') return value.trim() ? value : null;
  if (Array.isArray(value)) return value.length > 0 ? firstText(value[0], depth + 1) : null;
  if (value !== null && typeof value === 'object') {
    const first = Object.values(value)[0];
    return first === undefined ? null : firstText(first, depth + 1);
  }
  return null;
}
