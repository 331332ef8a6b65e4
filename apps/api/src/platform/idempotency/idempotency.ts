import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { refused } from '../errors.ts';
import { type Answer, errorAnswer } from '../http/error-answer.ts';
import { idempotencyKeys } from './tables.ts';

/** How long an answer is kept for replay (DESIGN §4). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export type { Answer } from '../http/error-answer.ts';

export interface IdempotentRequest {
  userId: number;
  key: string | null;
  method: string;
  path: string;
  body: unknown;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Runs a write once per Idempotency-Key (DESIGN §4, docs/decisions/009-workflow-transitions.md).
 * The key row is inserted first in the write's own transaction: a concurrent request with the same key
 * waits on the unique index and, once the first commits, hits the unique violation and replays the
 * stored answer. The work runs in a savepoint, so a refusal (a DomainError or ValidationError) is stored
 * and replayed too, while nothing of the refused write remains. Unexpected errors roll everything
 * back, key included, so a retry runs again. The same key with another method, path or body is a 422.
 * Without a key the work simply runs in one transaction.
 */
export async function runIdempotent(
  db: Db,
  request: IdempotentRequest,
  now: Date,
  work: (tx: Tx) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (request.key === null) return { ...(await db.transaction(work)), replayed: false };
  const key = request.key;
  const hash = requestHash(request.method, request.path, request.body);
  try {
    const answer = await db.transaction(async (tx) => {
      // An expired key may be used again.
      await tx
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, request.userId),
            eq(idempotencyKeys.key, key),
            lt(idempotencyKeys.expiresAt, now),
          ),
        );
      const [row] = await tx
        .insert(idempotencyKeys)
        .values({
          userId: request.userId,
          key,
          requestHash: hash,
          statusCode: null,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })
        .returning({ id: idempotencyKeys.id });
      let result: Answer;
      try {
        result = await tx.transaction(work);
      } catch (error) {
        const refusal = errorAnswer(error);
        if (!refusal) throw error;
        result = refusal;
      }
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: result.status, responseBody: result.body ?? null })
        .where(eq(idempotencyKeys.id, (row as { id: number }).id));
      return result;
    });
    return { ...answer, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error, 'idempotency_keys_user_key')) throw error;
  }
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, key)));
  if (!stored || stored.statusCode === null) {
    // Only possible if the first request's row vanished or is mid-flight on another path; ask for a retry.
    throw refused('conflict', 'conflict', 'A request with this Idempotency-Key is still being processed.');
  }
  if (stored.requestHash !== hash) {
    throw refused(
      'unprocessable',
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request.',
    );
  }
  return { status: stored.statusCode, body: stored.responseBody, replayed: true };
}
