import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { SessionCheck } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AccessPayload } from '../../platform/tokens.ts';
import { userList } from '../users/index.ts';
import { revokedSessions } from './tables.ts';

/**
 * The guard's session check (app.ts wires it in through modules/access): the claims' user must still be
 * active, and the session neither signed out nor unmasked (revoked) nor older than the user's session
 * generation (raised by a password change, a reset or "sign out everywhere": decision 016).
 */
export async function checkSession(db: DbOrTx, claims: AccessPayload): Promise<SessionCheck> {
  const [row] = await db
    .select({
      id: userList.id,
      guid: userList.guid,
      email: userList.email,
      type: userList.type,
      staff: userList.staff,
      generation: userList.sessionGeneration,
      revoked: sessionRevoked(claims.sid),
    })
    .from(userList)
    .where(and(eq(userList.guid, claims.sub), eq(userList.isActive, true)));
  if (!row) return { ok: false, reason: 'user_inactive' };
  const { generation, revoked, ...user } = row;
  if (revoked || generation !== claims.gen) return { ok: false, reason: 'session_ended' };
  if (!claims.masked_by) return { ok: true, user, maskedBy: null };
  const [original] = await db
    .select({ id: userList.id, guid: userList.guid })
    .from(userList)
    .where(and(eq(userList.guid, claims.masked_by), eq(userList.isActive, true)));
  if (!original) return { ok: false, reason: 'user_inactive' };
  return { ok: true, user, maskedBy: original };
}

/**
 * Whether the session `sid` was ended one at a time (sign-out, unmask): a piece of the guard's single
 * read (modules/access), which takes the sid as a placeholder of its prepared statement.
 */
export const sessionRevoked = (sid: string | SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${sid})`;
