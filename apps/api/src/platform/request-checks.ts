import type { FastifyInstance } from 'fastify';
import { refused, ValidationError } from './errors.ts';

/**
 * PostgreSQL's text cannot hold NUL, an unpaired UTF-16 surrogate would be stored as U+FFFD (not as
 * sent), and the other C0 control characters (tab, line feed and carriage return aside) have no place in
 * any field of this product but do confuse logs, exports and terminals. All are refused once, here at the
 * edge, with a 400 naming the field, before any route (or the sign-in throttle, or a query) sees them.
 */
const UNSTORABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE =
  'This value contains a character that cannot be stored (a control character or an unpaired surrogate).';

/**
 * No field takes more text than this (the JSON body limit is 1 MiB); a route's own schema may set less.
 * Refused at the edge so a field without its own maximum cannot fill a row or a log with megabytes.
 */
export const MAX_TEXT_LENGTH = 65_536;
export const TOO_LONG_MESSAGE = `Ensure this field has no more than ${MAX_TEXT_LENGTH} characters.`;

/** No request of this API nests deeper than this; a deeper one is refused rather than walked. */
export const MAX_DEPTH = 32;

/**
 * The dotted path of the first string (or key) that cannot be stored, with the reason, or null. Walks
 * without recursion, so a hostile body nested thousands deep cannot exhaust the stack.
 */
export function findUnstorable(value: unknown): { field: string; message: string } | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop() as { value: unknown; path: string; depth: number };
    const field = item.path || 'non_field_errors';
    if (typeof item.value === 'string') {
      if (item.value.length > MAX_TEXT_LENGTH) return { field, message: TOO_LONG_MESSAGE };
      if (UNSTORABLE.test(item.value)) return { field, message: UNSTORABLE_MESSAGE };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_DEPTH) return { field, message: 'This value is nested too deeply.' };
    const entries = Array.isArray(item.value)
      ? item.value.map((inner, i) => [String(i), inner] as const)
      : Object.entries(item.value);
    // Reversed onto the stack, so the first offending field in document order is the one named.
    for (const [key, inner] of entries.reverse()) {
      const at = item.path ? `${item.path}.${key}` : key;
      if (UNSTORABLE.test(key)) return { field: at, message: UNSTORABLE_MESSAGE };
      pending.push({ value: inner, path: at, depth: item.depth + 1 });
    }
  }
  return null;
}

/** `multipart/form-data` names its part separator; without one the parser cannot even start. */
const MULTIPART_WITHOUT_BOUNDARY = /^multipart\/form-data(?!.*;\s*boundary=)/i;

/** Checks every request's shape once, before any route sees it (issue 10: 400s, never 500s). */
export function registerRequestChecks(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const type = request.headers['content-type'] ?? '';
    if (MULTIPART_WITHOUT_BOUNDARY.test(type)) {
      throw refused('invalid', 'bad_request', 'A multipart/form-data request must name its boundary.');
    }
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorable(part);
      if (found) throw new ValidationError({ [found.field]: [found.message] });
    }
  });
}
