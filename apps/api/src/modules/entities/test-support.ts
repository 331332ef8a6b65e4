import type { TokenPair } from '@bp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { auditRecords } from '../../platform/audit/tables.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer } from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';
import { entities } from './tables.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** A caller bound to a token: `call('PATCH', url, body)`. */
export function caller(t: TestApp, tokens: TokenPair) {
  return (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** A demo client by name with its two seeded entities (the legal entity first). */
export async function demoClient(t: TestApp, name: string) {
  const { db } = t.deps.database;
  const [client] = await db.select().from(clients).where(eq(clients.name, name));
  if (!client) throw new Error(`${name} is not seeded`);
  const rows = await db
    .select()
    .from(entities)
    .where(eq(entities.clientId, client.id))
    .orderBy(asc(entities.id));
  const [legal, personal] = rows;
  if (!legal || !personal) throw new Error(`${name} has no entities`);
  return {
    client,
    legal,
    personal,
    accounts: `/v1/accounts/clients/${client.guid}`,
    books: (entityGuid: string) => `/v1/billing/clients/${client.guid}/entities/${entityGuid}`,
  };
}

/** The audit records of one object, oldest first. */
export async function auditOf(t: TestApp, objectGuid: string, action?: string) {
  const { db } = t.deps.database;
  return db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.objectGuid, objectGuid), action ? eq(auditRecords.action, action) : undefined))
    .orderBy(asc(auditRecords.id));
}
