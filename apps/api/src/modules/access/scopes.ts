import { effectivePermissions } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import { isGuid, ORG_ADMIN_ROLES } from '../../platform/access/ids.ts';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clientList, clientUserList } from '../clients/index.ts';
import { groupGrantsOf } from '../groups/index.ts';
import { memberships, organizationList } from '../organizations/index.ts';
import { userList } from '../users/index.ts';

/** The caller's active membership of an organisation, with its effective permissions. */
export async function membershipScope(
  db: DbOrTx,
  userId: number,
  where: { orgGuid: string } | { orgId: number },
): Promise<OrganizationScope | null> {
  const [row] = await db
    .select({
      id: organizationList.id,
      guid: organizationList.guid,
      name: organizationList.name,
      organizationUserId: memberships.id,
      role: memberships.role,
      teamLabel: memberships.teamLabel,
    })
    .from(memberships)
    .innerJoin(organizationList, eq(organizationList.id, memberships.organizationId))
    .where(
      and(
        'orgGuid' in where ? eq(organizationList.guid, where.orgGuid) : eq(organizationList.id, where.orgId),
        eq(memberships.userId, userId),
        eq(memberships.isActive, true),
      ),
    );
  if (!row) return null;
  const granted = await groupGrantsOf(db, [row.organizationUserId]);
  const permissions = new Set<string>(
    effectivePermissions({
      role: row.role,
      team_label: row.teamLabel,
      groupPermissions: granted.map((g) => g.slug),
    }),
  );
  return { ...row, permissions };
}

/** How the caller reaches a client, or null when it does not (another tenant's client). */
export async function clientScope(
  db: DbOrTx,
  caller: { id: number; type: 'bporg' | 'client' },
  clientGuid: unknown,
): Promise<ClientScope | null> {
  if (!isGuid(clientGuid)) return null;
  const [client] = await db.select().from(clientList).where(eq(clientList.guid, clientGuid));
  if (!client) return null;
  const base = {
    id: client.id,
    guid: client.guid,
    name: client.name,
    organizationId: client.organizationId,
    archived: client.archivedAt !== null,
  };
  if (caller.type === 'bporg') {
    const organization = await membershipScope(db, caller.id, { orgId: client.organizationId });
    if (!organization) return null;
    return { ...base, via: 'staff', organization, clientUserId: null, clientRole: null };
  }
  // Client users never reach an archived client.
  if (base.archived) return null;
  const [link] = await db
    .select({ id: clientUserList.id, role: clientUserList.role })
    .from(clientUserList)
    .where(and(eq(clientUserList.clientId, client.id), eq(clientUserList.userId, caller.id)));
  if (!link) return null;
  return { ...base, via: 'client', organization: null, clientUserId: link.id, clientRole: link.role };
}

/**
 * May the actor administer the target user's account (profile, avatar, features)? Only when the actor is
 * an admin of every organisation the target belongs to: a user shared by two organisations is not
 * editable by the admin of just one of them (one organisation must not change what another sees), and
 * internal staff are administered by no organisation.
 */
export async function isAdminOfUserGuid(
  db: DbOrTx,
  actorUserId: number,
  targetGuid: string,
): Promise<boolean> {
  const [found] = await db.select({ id: userList.id }).from(userList).where(eq(userList.guid, targetGuid));
  if (!found) return false;
  const targetUserId = found.id;
  const rows = await db
    .select({ role: memberships.role, organizationId: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, actorUserId), eq(memberships.isActive, true)));
  const adminOf = new Set(
    rows.filter((r) => (ORG_ADMIN_ROLES as readonly string[]).includes(r.role)).map((r) => r.organizationId),
  );
  if (adminOf.size === 0) return false;
  const [target] = await db
    .select({ staff: userList.staff })
    .from(userList)
    .where(eq(userList.id, targetUserId));
  if (!target || target.staff) return false;
  const targetOrgs = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, targetUserId));
  return targetOrgs.length > 0 && targetOrgs.every((t) => adminOf.has(t.organizationId));
}

export async function hasAcceptedTerms(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: userList.acceptedTermsAt })
    .from(userList)
    .where(eq(userList.id, userId));
  return Boolean(row?.at);
}
