import type { ClientSummary, OnboardingProgress, OrgClient } from '@bp/contracts';
import type { OnboardingProgressStatus } from '@bp/domain';
import { type AnyColumn, and, asc, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { referrerForClientUsers } from './referrer-content.ts';
import { clientReferrers, clients, clientUsers } from './tables.ts';

export const ORG_CLIENT_ORDERING = ['name', 'created_on'] as const;

export type ClientRow = typeof clients.$inferSelect;
type ReferrerRef = { guid: string; name: string } | null;

export interface OrgClientFilters {
  search?: string | undefined;
  service?: 'bill_pay' | 'family_office_accounting' | undefined;
  /** true: archived clients only; false: active clients only. */
  archived: boolean;
  ordering: { field: (typeof ORG_CLIENT_ORDERING)[number]; desc: boolean };
  /** Only clients whose onboarding has this status (needs the onboarding port). */
  onboarding?: OnboardingProgressStatus | undefined;
}

/**
 * What the clients list asks of the onboarding module, which sits above clients in the module map and so
 * cannot be imported here: app.ts passes its `onboardingProgressOf` and `onboardingStatusCondition` in.
 */
export interface OnboardingProgressPort {
  progressOf(
    db: DbOrTx,
    clientIds: readonly number[],
  ): Promise<Map<number, { completedSteps: number; totalSteps: number; status: OnboardingProgressStatus }>>;
  statusCondition(clientId: AnyColumn, completed: AnyColumn, status: OnboardingProgressStatus): SQL;
}

export function toOrgClient(client: ClientRow, referrer: ReferrerRef): OrgClient {
  return {
    guid: client.guid,
    name: client.name,
    created_on: client.createdAt.toISOString(),
    service: client.service,
    primary_contact: client.primaryContact,
    is_onboarding_completed: client.isOnboardingCompleted,
    has_properties: client.hasProperties,
    bp_ff_amount: client.bpFfAmount,
    foa_ff_amount: client.foaFfAmount,
    total_ff_amount: client.bpFfAmount + client.foaFfAmount,
    client_referrer: referrer?.guid ? { guid: referrer.guid, name: referrer.name } : null,
    onboarding_invited_at: client.onboardingInvitedAt?.toISOString() ?? null,
    archived: client.archivedAt !== null,
    archived_on: client.archivedAt?.toISOString() ?? null,
  };
}

const referrerColumns = { guid: clientReferrers.guid, name: clientReferrers.name };

function filterOf(
  organizationId: number,
  filters: OrgClientFilters,
  onboarding: OnboardingProgressPort | undefined,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(clients.organizationId, organizationId),
    filters.archived ? isNotNull(clients.archivedAt) : isNull(clients.archivedAt),
    filters.service ? eq(clients.service, filters.service) : undefined,
    containsAny(filters.search, [clients.name]),
    filters.onboarding && onboarding
      ? onboarding.statusCondition(clients.id, clients.isOnboardingCompleted, filters.onboarding)
      : undefined,
  ];
  return and(...conditions);
}

/** One organisation's clients, filtered and ordered; every row when `window` is null (exports). */
export async function clientsOfOrganization(
  db: DbOrTx,
  organizationId: number,
  filters: OrgClientFilters,
  window: PageWindow | null,
  onboarding?: OnboardingProgressPort,
): Promise<{ count: number; results: OrgClient[] }> {
  const where = filterOf(organizationId, filters, onboarding);
  const column = filters.ordering.field === 'name' ? clients.name : clients.createdAt;
  const query = db
    .select({ client: clients, referrer: referrerColumns })
    .from(clients)
    .leftJoin(clientReferrers, eq(clientReferrers.id, clients.clientReferrerId))
    .where(where)
    .orderBy(filters.ordering.desc ? desc(column) : asc(column), asc(clients.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  // The page's onboarding progress in one more query (none for exports, which do not show it).
  const progress =
    onboarding && window
      ? await onboarding.progressOf(
          db,
          rows.map(({ client }) => client.id),
        )
      : null;
  const results = rows.map(({ client, referrer }) => {
    const shown = toOrgClient(client, referrer);
    const p = progress?.get(client.id);
    const onboardingProgress: OnboardingProgress | undefined = p
      ? { completed_steps: p.completedSteps, total_steps: p.totalSteps, status: p.status }
      : undefined;
    return onboardingProgress ? { ...shown, onboarding_progress: onboardingProgress } : shown;
  });
  if (!window) return { count: results.length, results };
  const [total] = await db.select({ n: count() }).from(clients).where(where);
  return { count: total?.n ?? 0, results };
}

/** The organisation's client with this guid (archived or not), or undefined: another tenant's is not there. */
export async function findOrgClient(db: DbOrTx, organizationId: number, clientGuid: string) {
  const [row] = await db
    .select({ client: clients, referrer: referrerColumns })
    .from(clients)
    .leftJoin(clientReferrers, eq(clientReferrers.id, clients.clientReferrerId))
    .where(and(eq(clients.organizationId, organizationId), eq(clients.guid, clientGuid)));
  return row;
}

/** Clients the user is linked to as a client-side user, with its role on each. */
export async function clientsOfUser(db: DbOrTx, userId: number, window: PageWindow) {
  const where = and(eq(clientUsers.userId, userId), isNull(clients.archivedAt));
  const [total] = await db
    .select({ n: count() })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(where);
  const rows = await db
    .select({ client: clients, role: clientUsers.role, referrer: clientReferrers })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .leftJoin(clientReferrers, eq(clientReferrers.id, clients.clientReferrerId))
    .where(where)
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(window.limit)
    .offset(window.offset);
  const results: ClientSummary[] = rows.map(({ client, role, referrer }) => ({
    guid: client.guid,
    name: client.name,
    created_on: client.createdAt.toISOString(),
    role,
    is_onboarding_completed: client.isOnboardingCompleted,
    has_properties: client.hasProperties,
    service: client.service,
    client_referrer: referrer ? referrerForClientUsers(referrer) : null,
  }));
  return { count: total?.n ?? 0, results };
}
