import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { billList, clientUserBillConditions } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList } from '../entities/index.ts';
import { notFound } from './errors.ts';

/**
 * The bills a caller may see in one request, after the path's tenant and the `client` / `entity`
 * filters: every query of this module starts from these conditions, so none can forget them.
 * The tenant column comes first so the bills indexes that lead with it serve every list, count and
 * aggregate.
 */
export interface BillScope extends BillScopeOf<number> {
  organizationId: number;
  /** The path's client (client base) or the `client` filter (organisation base); null = every client. */
  clientId: number | null;
  /** The `entity` filter; null = every entity. */
  entityId: number | null;
  /**
   * What a client user may not see, from the bills module (bills/bill-visibility.ts): drafts, its
   * excluded vendors' bills and, for a designee with designated entities, other entities' bills.
   * Empty for staff.
   */
  visibility: SQL[];
}

/** `client` / `entity` query values; 'all-clients' and 'all-entities' mean no filter (SPEC §5). */
export interface ScopeFilters {
  client?: string | undefined;
  entity?: string | undefined;
}

const UNKNOWN_CLIENT = 'No such client in this organization.';
const UNKNOWN_ENTITY = 'No such entity for these bills.';

/**
 * Organisation base. A `client` or `entity` naming another tenant's (or an unknown) object is a
 * 404 not_found, like any other tenant's object (DESIGN §4): the answer never tells whether it exists.
 */
export async function organizationBillScope(
  db: DbOrTx,
  organization: OrganizationScope,
  filters: ScopeFilters,
): Promise<BillScope> {
  let clientId: number | null = null;
  if (filters.client && filters.client !== 'all-clients') {
    const [row] = await db
      .select({ id: clientList.id })
      .from(clientList)
      .where(and(eq(clientList.guid, filters.client), eq(clientList.organizationId, organization.id)));
    if (!row) throw notFound(UNKNOWN_CLIENT);
    clientId = row.id;
  }
  const entityId = await entityIdOf(db, organization.id, clientId, filters.entity);
  return { organizationId: organization.id, clientId, entityId, visibility: [] };
}

/**
 * Client base: the path's client, for its staff and its client users. The `client` query value is
 * ignored here (the path already names the client). Client users see what the bills module shows them
 * (bills/bill-visibility.ts): no drafts, no bill of their excluded vendors and, for a designee with
 * designated entities, only those entities' bills.
 */
export async function clientBillScope(
  db: DbOrTx,
  client: ClientScope,
  filters: ScopeFilters,
): Promise<BillScope> {
  const entityId = await entityIdOf(db, client.organizationId, client.id, filters.entity);
  return {
    organizationId: client.organizationId,
    clientId: client.id,
    entityId,
    visibility: await clientUserBillConditions(db, client, billList),
  };
}

async function entityIdOf(
  db: DbOrTx,
  organizationId: number,
  clientId: number | null,
  entityGuid: string | undefined,
): Promise<number | null> {
  if (!entityGuid || entityGuid === 'all-entities') return null;
  const [row] = await db
    .select({ id: entityList.id })
    .from(entityList)
    .innerJoin(clientList, eq(clientList.id, entityList.clientId))
    .where(
      and(
        eq(entityList.guid, entityGuid),
        eq(clientList.organizationId, organizationId),
        clientId === null ? undefined : eq(entityList.clientId, clientId),
      ),
    );
  if (!row) throw notFound(UNKNOWN_ENTITY);
  return row.id;
}

/** A BillScope whose ids may be placeholders (a statement prepared once per shape: search.ts). */
export type BillScopeOf<Id> = {
  organizationId: Id;
  clientId: Id | null;
  entityId: Id | null;
  visibility: SQL[];
};

/**
 * The scope as SQL conditions on `bills`, tenant column first. A client (already resolved inside the
 * organisation) replaces the organisation condition: with both, the planner multiplies their
 * selectivities as if independent and prefers bitmap merges to the client's own ordered indexes.
 */
export function scopeConditions(scope: BillScopeOf<number | SQLWrapper>): SQL[] {
  const conditions: SQL[] = [
    scope.clientId === null
      ? eq(billList.organizationId, scope.organizationId)
      : eq(billList.clientId, scope.clientId),
  ];
  if (scope.entityId !== null) conditions.push(eq(billList.entityId, scope.entityId));
  return [...conditions, ...scope.visibility];
}
