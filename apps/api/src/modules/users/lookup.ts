import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { users } from './tables.ts';

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

export async function findActiveUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)));
  return user;
}

/** A user by id, active or not. */
export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
