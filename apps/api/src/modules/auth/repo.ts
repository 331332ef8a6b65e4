import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { users } from '../users/tables.ts';
import { refreshTokenBlacklist } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

export async function findActiveUserByGuid(db: DbOrTx, guid: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.guid, guid), eq(users.isActive, true)));
  return user;
}

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
