import { and, desc, eq } from 'drizzle-orm';
import { auditRecords } from '../../platform/audit/tables.ts';
import { bearer, login, type TestApp } from '../../test/build-test-app.ts';
import { outbox } from '../notifications/tables.ts';
import { organizations } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';
import { clients, clientUsers } from './tables.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Test helpers of the clients module: a signed-in caller, demo ids, the outbox and the audit trail. */
export function clientsTestKit(t: TestApp) {
  const db = () => t.deps.database.db;
  const sessions = new Map<string, { access: string; refresh: string }>();

  async function as(email: string) {
    let tokens = sessions.get(email);
    if (!tokens) {
      tokens = await login(t.app, email);
      sessions.set(email, tokens);
    }
    return tokens;
  }

  return {
    /** Sends a request as the demo account (signed in once per test file). */
    async call(email: string, method: Method, url: string, payload?: unknown) {
      return t.app.inject({
        method,
        url,
        headers: bearer(await as(email)),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },

    async orgGuid(name: 'Demo Family Office' | 'Second Org') {
      const [org] = await db().select().from(organizations).where(eq(organizations.name, name));
      if (!org) throw new Error(`no ${name}`);
      return org.guid;
    },

    async clientByName(name: string) {
      const [client] = await db().select().from(clients).where(eq(clients.name, name));
      if (!client) throw new Error(`no client ${name}`);
      return client;
    },

    /** The client user guid of `email` on the client. */
    async clientUserGuid(clientName: string, email: string) {
      const [row] = await db()
        .select({ guid: clientUsers.guid })
        .from(clientUsers)
        .innerJoin(clients, eq(clients.id, clientUsers.clientId))
        .innerJoin(users, eq(users.id, clientUsers.userId))
        .where(and(eq(clients.name, clientName), eq(users.email, email)));
      if (!row) throw new Error(`${email} is not a user of ${clientName}`);
      return row.guid;
    },

    /** The newest e-mail queued for the address. */
    async lastEmailTo(address: string) {
      const [row] = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, address))
        .orderBy(desc(outbox.id))
        .limit(1);
      return row;
    },

    /** The token of the newest link e-mailed to the address. */
    async tokenSentTo(address: string) {
      const [row] = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, address))
        .orderBy(desc(outbox.id))
        .limit(1);
      const token = /token=([\w-]+)/.exec(row?.bodyText ?? '')?.[1];
      if (!token) throw new Error(`no link e-mailed to ${address}`);
      return token;
    },

    /** Audit records of one object, newest first. */
    async auditOf(objectGuid: string) {
      return db()
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.objectGuid, objectGuid))
        .orderBy(desc(auditRecords.id));
    },
  };
}
