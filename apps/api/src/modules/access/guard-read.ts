import { clientModeOfUser, effectivePermissions } from '@bp/domain';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type {
  AccessReading,
  AccessTarget,
  ClientScope,
  OrganizationScope,
  SessionCheck,
} from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import type { AccessPayload } from '../../platform/tokens.ts';
import { sessionRevoked } from '../auth/index.ts';
import { clientList, clientUserList } from '../clients/index.ts';
import { grantSlugsOf } from '../groups/index.ts';
import { memberships, organizationList } from '../organizations/index.ts';
import { userList, userListAs } from '../users/index.ts';

/*
 * The access guard's read (issue 12 item 2): the session check and the scope a route's policy names —
 * the caller's membership of an organisation with its group grants, or the caller's way to a client — in
 * ONE statement, prepared once per database, instead of two to four statements rebuilt on every request.
 * Nothing is cached: every request reads the session's state, so an ended session is refused at once.
 */

const masker = userListAs('masker');
const placeholder = (name: 'sub' | 'sid' | 'maskedBy' | 'orgGuid' | 'clientGuid') => sql.placeholder(name);

/** The caller, whether their session is live, and who masks them: the part every target reads. */
const callerColumns = {
  id: userList.id,
  guid: userList.guid,
  email: userList.email,
  type: userList.type,
  staff: userList.staff,
  service: userList.service,
  advisorDashboardEnabled: userList.advisorDashboardEnabled,
  foaDashboardEnabled: userList.foaDashboardEnabled,
  generation: userList.sessionGeneration,
  acceptedTerms: sql<boolean>`${userList.acceptedTermsAt} is not null`,
  revoked: sessionRevoked(placeholder('sid')),
  maskerId: masker.id,
  maskerGuid: masker.guid,
};

const membershipColumns = {
  orgId: organizationList.id,
  orgGuid: organizationList.guid,
  orgName: organizationList.name,
  organizationUserId: memberships.id,
  role: memberships.role,
  teamLabel: memberships.teamLabel,
  grants: grantSlugsOf(memberships.id),
};

const activeMembership = (organizationId: SQLWrapper) =>
  and(
    eq(memberships.organizationId, organizationId),
    eq(memberships.userId, userList.id),
    eq(memberships.isActive, true),
  );

function prepare(db: Db) {
  const caller = and(eq(userList.guid, placeholder('sub')), eq(userList.isActive, true));
  const maskerJoin = and(eq(masker.guid, placeholder('maskedBy')), eq(masker.isActive, true));
  return {
    none: db
      .select(callerColumns)
      .from(userList)
      .leftJoin(masker, maskerJoin)
      .where(caller)
      .prepare('access_none'),
    organization: db
      .select({ ...callerColumns, ...membershipColumns })
      .from(userList)
      .leftJoin(masker, maskerJoin)
      .leftJoin(organizationList, eq(organizationList.guid, placeholder('orgGuid')))
      .leftJoin(memberships, activeMembership(organizationList.id))
      .where(caller)
      .prepare('access_organization'),
    client: db
      .select({
        ...callerColumns,
        ...membershipColumns,
        clientId: clientList.id,
        clientGuid: clientList.guid,
        clientName: clientList.name,
        clientOrganizationId: clientList.organizationId,
        clientArchived: sql<boolean>`${clientList.archivedAt} is not null`,
        clientUserId: clientUserList.id,
        clientRole: clientUserList.role,
      })
      .from(userList)
      .leftJoin(masker, maskerJoin)
      .leftJoin(clientList, eq(clientList.guid, placeholder('clientGuid')))
      .leftJoin(memberships, activeMembership(clientList.organizationId))
      .leftJoin(organizationList, eq(organizationList.id, memberships.organizationId))
      .leftJoin(
        clientUserList,
        and(eq(clientUserList.clientId, clientList.id), eq(clientUserList.userId, userList.id)),
      )
      .where(caller)
      .prepare('access_client'),
  };
}

const preparedFor = preparedPerDatabase(prepare);

interface CallerFields {
  id: number;
  guid: string;
  email: string;
  type: 'bporg' | 'client';
  staff: 'admin' | 'member' | null;
  service: 'wealth_manager' | 'family_office' | null;
  advisorDashboardEnabled: boolean;
  foaDashboardEnabled: boolean;
  generation: number;
  acceptedTerms: boolean;
  revoked: boolean;
  maskerId: number | null;
  maskerGuid: string | null;
}

/** The session check of the caller's row (as auth's checkSession decides it). */
function sessionOf(row: CallerFields | undefined, claims: AccessPayload): SessionCheck {
  if (!row) return { ok: false, reason: 'user_inactive' };
  if (row.revoked || row.generation !== claims.gen) return { ok: false, reason: 'session_ended' };
  if (!claims.masked_by) return { ok: true, user: userOf(row), maskedBy: null };
  // A mask session ends when the internal staff member behind it is disabled.
  if (row.maskerId === null || row.maskerGuid === null) return { ok: false, reason: 'user_inactive' };
  return { ok: true, user: userOf(row), maskedBy: { id: row.maskerId, guid: row.maskerGuid } };
}

const userOf = (row: CallerFields) => ({
  id: row.id,
  guid: row.guid,
  email: row.email,
  type: row.type,
  staff: row.staff,
  mode: clientModeOfUser({
    type: row.type,
    service: row.service,
    advisor_dashboard_enabled: row.advisorDashboardEnabled,
    foa_dashboard_enabled: row.foaDashboardEnabled,
  }),
});

interface MembershipFields {
  orgId: number | null;
  orgGuid: string | null;
  orgName: string | null;
  organizationUserId: number | null;
  role: string | null;
  teamLabel: string | null;
  grants: string[] | null;
}

function organizationOf(row: MembershipFields): OrganizationScope | null {
  const { orgId, orgGuid, orgName, organizationUserId, role } = row;
  if (orgId === null || orgGuid === null || orgName === null || organizationUserId === null || role === null)
    return null;
  const permissions = effectivePermissions({
    role,
    team_label: row.teamLabel,
    groupPermissions: row.grants ?? [],
  });
  return {
    id: orgId,
    guid: orgGuid,
    name: orgName,
    organizationUserId,
    role,
    teamLabel: row.teamLabel,
    permissions: new Set<string>(permissions),
  };
}

/** The session check and the target's scope for verified claims, in one statement (see above). */
export async function readAccess(
  db: Db,
  claims: AccessPayload,
  target: AccessTarget,
): Promise<AccessReading> {
  const prepared = preparedFor(db);
  const base = { sub: claims.sub, sid: claims.sid, maskedBy: claims.masked_by ?? null };
  const ended = { organization: null, client: null, acceptedTerms: false };
  if (target.kind === 'organization') {
    const [row] = await prepared.organization.execute({ ...base, orgGuid: target.orgGuid });
    const session = sessionOf(row, claims);
    if (!row || !session.ok) return { session, ...ended };
    return { session, organization: organizationOf(row), client: null, acceptedTerms: row.acceptedTerms };
  }
  if (target.kind === 'client') {
    const [row] = await prepared.client.execute({ ...base, clientGuid: target.clientGuid });
    const session = sessionOf(row, claims);
    if (!row || !session.ok) return { session, ...ended };
    const organization = organizationOf(row);
    const client = clientOf(row, row.type, organization);
    return { session, organization, client, acceptedTerms: row.acceptedTerms };
  }
  const [row] = await prepared.none.execute(base);
  const session = sessionOf(row, claims);
  return { session, organization: null, client: null, acceptedTerms: row?.acceptedTerms ?? false };
}

interface ClientFields {
  clientId: number | null;
  clientGuid: string | null;
  clientName: string | null;
  clientOrganizationId: number | null;
  clientArchived: boolean | null;
  clientUserId: number | null;
  clientRole: string | null;
}

/** How the caller reaches the client (as clientScope in scopes.ts decides it), or null. */
function clientOf(
  row: ClientFields,
  callerType: string,
  organization: OrganizationScope | null,
): ClientScope | null {
  if (row.clientId === null) return null;
  const base = {
    id: row.clientId,
    guid: row.clientGuid as string,
    name: row.clientName as string,
    organizationId: row.clientOrganizationId as number,
    archived: row.clientArchived === true,
  };
  if (callerType === 'bporg') {
    if (!organization) return null;
    return { ...base, via: 'staff', organization, clientUserId: null, clientRole: null };
  }
  // Client users never reach an archived client.
  if (base.archived || row.clientUserId === null) return null;
  return {
    ...base,
    via: 'client',
    organization: null,
    clientUserId: row.clientUserId,
    clientRole: row.clientRole,
  };
}
