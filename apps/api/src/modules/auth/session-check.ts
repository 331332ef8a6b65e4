import { and, eq, sql } from 'drizzle-orm';
import type { SessionCheck } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AccessPayload } from '../../platform/tokens.ts';
import { users } from '../users/tables.ts';
import { revokedSessions } from './tables.ts';

/**
 * The guard's session check (app.ts wires it in through modules/access): the claims' user must still be
 * active, and the session neither signed out nor unmasked (revoked) nor older than the user's session
 * generation (raised by a password change, a reset or "sign out everywhere": decision 016).
 */
export async function checkSession(db: DbOrTx, claims: AccessPayload): Promise<SessionCheck> {
  const [row] = await db
    .select({
      id: users.id,
      guid: users.guid,
      email: users.email,
      type: users.type,
      staff: users.staff,
      generation: users.sessionGeneration,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${claims.sid})`,
    })
    .from(users)
    .where(and(eq(users.guid, claims.sub), eq(users.isActive, true)));
  if (!row) return { ok: false, reason: 'user_inactive' };
  const { generation, revoked, ...user } = row;
  if (revoked || generation !== claims.gen) return { ok: false, reason: 'session_ended' };
  if (!claims.masked_by) return { ok: true, user, maskedBy: null };
  const [original] = await db
    .select({ id: users.id, guid: users.guid })
    .from(users)
    .where(and(eq(users.guid, claims.masked_by), eq(users.isActive, true)));
  if (!original) return { ok: false, reason: 'user_inactive' };
  return { ok: true, user, maskedBy: original };
}
