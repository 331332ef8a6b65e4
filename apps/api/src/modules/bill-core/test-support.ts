import { eq } from 'drizzle-orm';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';
import { organizations } from '../organizations/tables.ts';

/**
 * A service's context built by hand, as a job or a test does (no app, no request): services of the bill
 * modules take it instead of a FastifyRequest (issue 11, item 2).
 */
export function plainContext<Scope>(scope: Scope, userId = 0, now = new Date()): ServiceContext<Scope> {
  return {
    userId,
    actor: { actorUserId: userId, maskedByUserId: null, requestId: null, ipAddress: null },
    scope,
    now,
    today: now.toISOString().slice(0, 10),
    idempotency: { userId, key: null, method: 'POST', path: '/', body: null },
  };
}

/** A staff member's view of a seeded client (no permissions unless given). */
export async function staffClientScope(
  t: TestApp,
  clientName = 'Harper Household',
  permissions: string[] = [],
): Promise<ClientScope> {
  const { db } = t.deps.database;
  const [client] = await db.select().from(clients).where(eq(clients.name, clientName));
  if (!client) throw new Error(`${clientName} is not seeded`);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, client.organizationId));
  if (!org) throw new Error(`${clientName} has no organisation`);
  const organization: OrganizationScope = {
    id: org.id,
    guid: org.guid,
    name: org.name,
    organizationUserId: 0,
    role: 'admin',
    teamLabel: null,
    permissions: new Set(permissions),
  };
  return {
    id: client.id,
    guid: client.guid,
    name: client.name,
    organizationId: org.id,
    archived: false,
    via: 'staff',
    organization,
    clientUserId: null,
    clientRole: null,
  };
}
