import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorAnswer } from './http/error-answer.ts';

/**
 * Every error leaves as the documented body (DESIGN.md §4): `400 {field: [messages]}` for
 * validation, `{detail, code}` otherwise. Stack traces and internals never reach the caller.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = errorAnswer(error);
    if (refusal) return reply.status(refusal.status).send(refusal.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key =
          path ||
          (issue.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ||
          'non_field_errors';
        const message = issue.message ?? 'Invalid value.';
        fields[key] = [...(fields[key] ?? []), normaliseMessage(message)];
      }
      return reply.status(400).send(fields);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'throttled' : (error.code?.toLowerCase() ?? 'bad_request');
      return reply.status(status).send({ detail: publicMessage(error, status), code });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error.', code: 'server_error' });
  });
}

function normaliseMessage(message: string): string {
  if (/expected .*, received undefined/i.test(message) || /^Required$/i.test(message))
    return 'This field is required.';
  return message;
}

function publicMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty.';
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
        return 'Malformed JSON.';
      return status === 429 ? 'Too many requests. Try again later.' : error.message;
  }
}

/**
 * What of an unexpected error may be logged: its type, message and database error code, never a query's
 * text or parameters (a failed query's message repeats both, and they carry what the caller sent: a
 * flood of bad requests must not become a flood of request data in the log).
 */
export function loggableError(error: unknown): Record<string, string> {
  const err = error instanceof Error ? error : new Error(String(error));
  const cause = (err as { cause?: unknown }).cause;
  if ('query' in err && 'params' in err) {
    // PostgreSQL's own message may quote the offending value too ("invalid input syntax ...: \"…\""):
    // only its code and where it arose are kept.
    const db = (cause ?? {}) as { code?: unknown; routine?: unknown; constraint?: unknown; table?: unknown };
    const out: Record<string, string> = { type: 'DatabaseError' };
    for (const key of ['code', 'routine', 'constraint', 'table'] as const) {
      if (typeof db[key] === 'string') out[key] = db[key];
    }
    return out;
  }
  return { type: err.name, message: err.message.slice(0, 500), ...(err.stack ? { stack: err.stack } : {}) };
}
