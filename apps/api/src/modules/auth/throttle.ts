import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { throttled } from '../../platform/errors.ts';
import { authAttempts } from './tables.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** The 11th wrong password within the window answers 429. */
export const MAX_FAILED_LOGINS = 10;
/** Password-reset and token checks per account or address within the window. */
export const MAX_RESET_REQUESTS = 5;
export const MAX_TOKEN_CHECKS = 20;

export const throttleKeys = {
  loginAccount: (email: string) => `login:account:${email.toLowerCase()}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  resetAccount: (email: string) => `reset:account:${email.toLowerCase()}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
  tokenAddress: (ip: string) => `token:address:${ip}`,
};

async function attemptsSince(db: DbOrTx, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/** Refuses with 429 when any key has reached `max` attempts within the window. */
export async function assertNotThrottled(db: DbOrTx, keys: string[], max: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keys) {
    if ((await attemptsSince(db, key, since)) >= max) throw throttled();
  }
}

export async function recordAttempt(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  await db.insert(authAttempts).values(keys.map((key) => ({ key, createdAt: now })));
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

export async function purgeOldAttempts(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)));
}
