import type { TokenPair } from '@bp/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { clients } from '../modules/clients/tables.ts';
import { outbox } from '../modules/notifications/tables.ts';
import { organizations } from '../modules/organizations/tables.ts';
import { users } from '../modules/users/tables.ts';
import { bearer, type TestApp } from './build-test-app.ts';

/** Test helpers for the organisation administration suites (staff, groups, institutions, audit). */

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls as one signed-in user: `as.get(url)`, `as.post(url, body)`, ... */
export function caller(t: TestApp, tokens: TokenPair, headers: Record<string, string> = {}) {
  const call =
    (method: Method) =>
    (url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method,
        url,
        headers: { ...bearer(tokens), ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
  return {
    get: call('GET'),
    post: call('POST'),
    patch: call('PATCH'),
    put: call('PUT'),
    del: call('DELETE'),
  };
}
export type Caller = ReturnType<typeof caller>;

export async function orgGuidOf(t: TestApp, name: string): Promise<string> {
  const [row] = await t.deps.database.db
    .select({ guid: organizations.guid })
    .from(organizations)
    .where(eq(organizations.name, name));
  if (!row) throw new Error(`no organisation ${name}`);
  return row.guid;
}

export async function userGuidOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.deps.database.db
    .select({ guid: users.guid })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.guid;
}

export async function clientGuidOf(t: TestApp, name: string): Promise<string> {
  const [row] = await t.deps.database.db
    .select({ guid: clients.guid })
    .from(clients)
    .where(eq(clients.name, name));
  if (!row) throw new Error(`no client ${name}`);
  return row.guid;
}

/** The newest message queued for an address, straight from the outbox table. */
export async function lastMessageTo(t: TestApp, address: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, address))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`nothing sent to ${address}`);
  return row;
}

/** The `token` query parameter of the link in a message. */
export function linkToken(body: string, path = '/create-account'): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=([\\w-]+)`).exec(body);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${body}`);
  return match[1];
}

export interface EventLogItem {
  guid: string;
  created_on: string;
  action: string;
  object_type: string;
  object_guid: string | null;
  actor: { guid: string; name: string; email: string } | null;
  masked_by: { guid: string; name: string } | null;
  client: { guid: string; name: string } | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** The organisation's newest audit record (optionally of one action), read through the API. */
export async function latestEvent(as: Caller, orgGuid: string, action?: string): Promise<EventLogItem> {
  const res = await as.get(`/v1/accounts/organizations/${orgGuid}/event-logs?page_size=100`);
  if (res.statusCode !== 200) throw new Error(`event-logs: ${res.statusCode} ${res.body}`);
  const items = res.json().results as EventLogItem[];
  const found = action ? items.find((i) => i.action === action) : items[0];
  if (!found) throw new Error(`no ${action ?? ''} event among ${items.map((i) => i.action).join(', ')}`);
  return found;
}
