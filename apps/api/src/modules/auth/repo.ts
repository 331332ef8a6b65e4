import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { raiseSessionGeneration, type UserRow } from '../users/index.ts';
import { refreshTokenBlacklist, revokedSessions } from './tables.ts';

/**
 * Blacklists a refresh token's id. Returns false when it already was: the token was used or revoked.
 * The primary key makes this safe when two requests race with the same token.
 */
export async function blacklistRefresh(
  db: DbOrTx,
  jti: string,
  userId: number,
  expiresAt: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(refreshTokenBlacklist)
    .values({ jti, userId, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: refreshTokenBlacklist.jti });
  return inserted.length > 0;
}

/**
 * Ends every session of a user at once (decision 016): tokens carry the generation they were issued
 * under, and the guard and refresh refuse an older one. Answers the user with the raised generation,
 * so the caller can hand the current session fresh tokens.
 */
export async function endAllSessions(db: DbOrTx, userId: number, at: Date): Promise<UserRow> {
  const user = await raiseSessionGeneration(db, userId, at);
  if (!user) throw new Error(`user ${userId} not found`);
  return user;
}

/** Ends one session (sign-out, unmask): its access and refresh tokens are refused from now on. */
export async function revokeSession(db: DbOrTx, sid: string, userId: number, until: Date): Promise<void> {
  await db.insert(revokedSessions).values({ sid, userId, expiresAt: until }).onConflictDoNothing();
}

export async function isSessionRevoked(db: DbOrTx, sid: string): Promise<boolean> {
  const rows = await db
    .select({ sid: revokedSessions.sid })
    .from(revokedSessions)
    .where(eq(revokedSessions.sid, sid));
  return rows.length > 0;
}
