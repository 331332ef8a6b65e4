import { effectivePermissions } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import { isGuid, ORG_ADMIN_ROLES } from '../../platform/access/ids.ts';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clients, clientUsers } from '../clients/tables.ts';
import { groupGrantsOf } from '../groups/index.ts';
import { organizations, organizationUsers } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';

/** The caller's active membership of an organisation, with its effective permissions. */
export async function membershipScope(
  db: DbOrTx,
  userId: number,
  where: { orgGuid: string } | { orgId: number },
): Promise<OrganizationScope | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      guid: organizations.guid,
      name: organizations.name,
      organizationUserId: organizationUsers.id,
      role: organizationUsers.role,
      teamLabel: organizationUsers.teamLabel,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(
      and(
        'orgGuid' in where ? eq(organizations.guid, where.orgGuid) : eq(organizations.id, where.orgId),
        eq(organizationUsers.userId, userId),
        eq(organizationUsers.isActive, true),
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
  const [client] = await db.select().from(clients).where(eq(clients.guid, clientGuid));
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
    .select({ id: clientUsers.id, role: clientUsers.role })
    .from(clientUsers)
    .where(and(eq(clientUsers.clientId, client.id), eq(clientUsers.userId, caller.id)));
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
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.guid, targetGuid));
  if (!found) return false;
  const targetUserId = found.id;
  const rows = await db
    .select({ role: organizationUsers.role, organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, actorUserId), eq(organizationUsers.isActive, true)));
  const adminOf = new Set(
    rows.filter((r) => (ORG_ADMIN_ROLES as readonly string[]).includes(r.role)).map((r) => r.organizationId),
  );
  if (adminOf.size === 0) return false;
  const [target] = await db.select({ staff: users.staff }).from(users).where(eq(users.id, targetUserId));
  if (!target || target.staff) return false;
  const targetOrgs = await db
    .select({ organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(eq(organizationUsers.userId, targetUserId));
  return targetOrgs.length > 0 && targetOrgs.every((t) => adminOf.has(t.organizationId));
}

export async function hasAcceptedTerms(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ at: users.acceptedTermsAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}
