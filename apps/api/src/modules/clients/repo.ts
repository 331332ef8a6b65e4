import type { ClientSummary, OrgClient } from '@bp/contracts';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { clientReferrers, clients, clientUsers } from './tables.ts';

export const ORG_CLIENT_ORDERING = ['name', 'created_on'] as const;

export async function clientsOfOrganization(
  db: DbOrTx,
  organizationId: number,
  options: {
    window: PageWindow;
    search?: string | undefined;
    ordering: { field: 'name' | 'created_on'; desc: boolean };
  },
) {
  const conditions: SQL[] = [eq(clients.organizationId, organizationId), isNull(clients.archivedAt)];
  const match = containsAny(options.search, [clients.name]);
  if (match) conditions.push(match);
  const where = and(...conditions);
  const column = options.ordering.field === 'name' ? clients.name : clients.createdAt;
  const [total] = await db.select({ n: count() }).from(clients).where(where);
  const rows = await db
    .select()
    .from(clients)
    .where(where)
    .orderBy(options.ordering.desc ? desc(column) : asc(column), asc(clients.id))
    .limit(options.window.limit)
    .offset(options.window.offset);
  const results: OrgClient[] = rows.map((c) => ({
    guid: c.guid,
    name: c.name,
    created_on: c.createdAt.toISOString(),
    service: c.service,
    primary_contact: c.primaryContact,
    is_onboarding_completed: c.isOnboardingCompleted,
    has_properties: c.hasProperties,
    bp_ff_amount: c.bpFfAmount,
    foa_ff_amount: c.foaFfAmount,
    total_ff_amount: c.bpFfAmount + c.foaFfAmount,
    archived: c.archivedAt !== null,
  }));
  return { count: total?.n ?? 0, results };
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
    client_referrer: referrer
      ? {
          white_label_enabled: referrer.whiteLabelEnabled,
          news_enabled: referrer.newsEnabled,
          explore_services_enabled: referrer.exploreServicesEnabled,
          options: referrer.options,
        }
      : null,
  }));
  return { count: total?.n ?? 0, results };
}
