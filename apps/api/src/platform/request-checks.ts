import type { FastifyInstance } from 'fastify';
import { HttpError, ValidationError } from './errors.ts';

/**
 * PostgreSQL's text cannot hold NUL, and an unpaired UTF-16 surrogate would be stored as U+FFFD, i.e.
 * not as sent. Both are refused once, here at the edge, with a 400 naming the field, before any route
 * (or the sign-in throttle, or a query) sees them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE =
  'This value contains a character that cannot be stored (NUL or an unpaired surrogate).';

/** The dotted path of the first string (or key) that cannot be stored, or null. */
export function findUnstorable(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'non_field_errors' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return at;
      const found = findUnstorable(inner, at);
      if (found) return found;
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
      throw new HttpError(400, 'bad_request', 'A multipart/form-data request must name its boundary.');
    }
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorable(part);
      if (field) throw new ValidationError({ [field]: [UNSTORABLE_MESSAGE] });
    }
  });
}
