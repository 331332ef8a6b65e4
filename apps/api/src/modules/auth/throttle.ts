import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { throttled } from './errors.ts';
import { authAttempts } from './tables.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in limits within the window (decision 016). Each counts password checks that failed or are under
 * way; a success forgets the account's (and that place's) count.
 * - one account, from anywhere: 10, so at most 10 guesses at a password however many addresses send them;
 * - one account from one address: 5, so one place (a mistyping colleague, or an attacker who knows the
 *   address) can use only half of the account's allowance and the owner can still sign in elsewhere;
 * - one address, whatever the accounts: 100, against credential stuffing, yet high enough that a family
 *   office behind one shared address is not locked out by one person's mistakes.
 */
export const MAX_FAILED_LOGINS = 10;
export const MAX_FAILED_LOGINS_PER_PLACE = 5;
export const MAX_FAILED_LOGINS_PER_ADDRESS = 100;
/** Password-reset requests per account and per address within the window. */
export const MAX_RESET_REQUESTS = 5;
/** Invalid link or code checks per address within the window. */
export const MAX_TOKEN_CHECKS = 20;

export const throttleKeys = {
  loginAccount: (email: string) => `login:account:${email.trim().toLowerCase()}`,
  loginPlace: (email: string, ip: string) => `login:place:${email.trim().toLowerCase()}:${ip}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  resetAccount: (email: string) => `reset:account:${email.trim().toLowerCase()}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
  tokenAddress: (ip: string) => `token:address:${ip}`,
};

/** The keys and limits of one sign-in attempt (also a signed-in password change, which checks a password). */
export function loginLimits(email: string, ip: string): Limit[] {
  return [
    { key: throttleKeys.loginAccount(email), max: MAX_FAILED_LOGINS },
    { key: throttleKeys.loginPlace(email, ip), max: MAX_FAILED_LOGINS_PER_PLACE },
    { key: throttleKeys.loginAddress(ip), max: MAX_FAILED_LOGINS_PER_ADDRESS },
  ];
}

export interface Limit {
  key: string;
  max: number;
}

async function attemptsSince(db: DbOrTx, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Counts and admits one attempt atomically: under a transaction-scoped advisory lock per key (taken in
 * key order, so two attempts never deadlock), refuses with 429 when a key is at its limit, otherwise
 * reserves a row per key before the caller checks anything. Concurrent attempts therefore queue on the
 * lock and see each other's reservations: however many arrive at once, at most `max` get through.
 * Answers the reserved rows' ids; a failure keeps them (they are the failure count), a success
 * releases them. Works alike on PostgreSQL and PGlite.
 */
export async function admitAttempt(db: DbOrTx, limits: readonly Limit[], now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    for (const { key } of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    for (const { key, max } of ordered) {
      if ((await attemptsSince(tx, key, since)) >= max) throw throttled();
    }
    const rows = await tx
      .insert(authAttempts)
      .values(ordered.map(({ key }) => ({ key, createdAt: now })))
      .returning({ id: authAttempts.id });
    return rows.map((r) => r.id);
  });
}

/** Refuses with 429 when any key has reached `max` attempts within the window (non-reserving check). */
export async function assertNotThrottled(db: DbOrTx, keys: string[], max: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keys) {
    if ((await attemptsSince(db, key, since)) >= max) throw throttled();
  }
}

export async function recordAttempt(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  await db.insert(authAttempts).values(keys.map((key) => ({ key, createdAt: now })));
}

/** Gives back an admitted attempt's reservations (it succeeded, so it is not a failure). */
export async function releaseAttempt(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(authAttempts).where(inArray(authAttempts.id, [...ids]));
}

/** A successful sign-in forgets these keys' failures (the account's and that place's, not the address's). */
export async function clearAttempts(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authAttempts).where(inArray(authAttempts.key, [...keys]));
}

export async function purgeOldAttempts(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)));
}
