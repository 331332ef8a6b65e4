import type { TokenPair } from '@bp/contracts';
import { asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, clientUsers } from '../modules/clients/tables.ts';
import { organizations, organizationUsers } from '../modules/organizations/tables.ts';
import { users } from '../modules/users/tables.ts';
import { type Backend, bearer, buildTestApp, everyBackend, login, type TestApp } from './build-test-app.ts';
import { fill, routesOf } from './route-walk.ts';
import { demoFamilyOfficeIds } from './tenant-ids.ts';

/**
 * Path parameters naming shared rows that no tenant owns (tenant-ids.ts walks them with an unknown id):
 * a route on them that the caller's role may not use answers 403, not 404 (DESIGN.md §5), because there
 * is no other tenant's object to hide.
 */
const TENANT_FREE_PARAMS = new Set(['parentInstitutionGuid']);

/** The token pair a route answered, if it answered one; otherwise the walker's current pair. */
function adoptTokens(res: { statusCode: number; body: string }, current: TokenPair): TokenPair {
  if (res.statusCode !== 200) return current;
  try {
    const body = JSON.parse(res.body) as Partial<TokenPair>;
    return typeof body.access === 'string' && typeof body.refresh === 'string'
      ? { access: body.access, refresh: body.refresh }
      : current;
  } catch {
    return current;
  }
}

/**
 * Rows of another tenant that must come out of the walk unchanged. The walker's own user row is left
 * out: signing itself out everywhere (a route the walk calls) rightly changes it.
 */
async function snapshot(t: TestApp, walker: string) {
  const { db } = t.deps.database;
  return JSON.stringify([
    await db.select().from(organizations).orderBy(asc(organizations.id)),
    await db.select().from(organizationUsers).orderBy(asc(organizationUsers.id)),
    await db.select().from(clients).orderBy(asc(clients.id)),
    await db.select().from(clientUsers).orderBy(asc(clientUsers.id)),
    await db.select().from(users).where(ne(users.email, walker)).orderBy(asc(users.id)),
  ]);
}

describe.each(everyBackend)('tenant isolation (%s)', (backend: Backend) => {
  let t: TestApp;
  let ids: Record<string, string>;
  /** Strings of Demo Family Office that must never reach Second Org's admin. */
  let secrets: string[];

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ids = await demoFamilyOfficeIds(t.deps.database.db);
    const { db } = t.deps.database;
    const dfoClients = await db
      .select({ guid: clients.guid, name: clients.name })
      .from(clients)
      .innerJoin(organizations, eq(organizations.id, clients.organizationId))
      .where(eq(organizations.name, 'Demo Family Office'));
    secrets = ['Demo Family Office', ...Object.values(ids), ...dfoClients.flatMap((c) => [c.guid, c.name])];
  });
  afterAll(() => t.close());

  it("walks every route as Second Org's admin: Demo Family Office's objects are 404 and never leak", async () => {
    const before = await snapshot(t, 'other@second.test');
    let other = await login(t.app, 'other@second.test');
    const routes = await routesOf(t.app);
    expect(routes.length).toBeGreaterThan(15);
    const seen: string[] = [];
    for (const route of routes) {
      const url = fill(route.path, ids);
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: bearer(other),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const label = `${route.method} ${route.path} → ${res.statusCode}`;
      seen.push(label);
      // A route that answers new tokens (sign out everywhere else, ...) ended the walker's old session.
      other = adoptTokens(res, other);
      expect(res.statusCode, label).toBeLessThan(500);
      if (route.params.length > 0) {
        const refusedByRole =
          res.statusCode === 403 && route.params.every((name) => TENANT_FREE_PARAMS.has(name));
        const expected = refusedByRole ? 'permission_denied' : 'not_found';
        if (!refusedByRole) expect(res.statusCode, label).toBe(404);
        expect(res.json(), label).toEqual({ detail: expect.any(String), code: expected });
      }
      for (const secret of secrets) expect(res.body.includes(secret), `${label} leaks ${secret}`).toBe(false);
    }
    if (process.env.SHOW_WALK) console.log(seen.join('\n'));
    expect(await snapshot(t, 'other@second.test')).toBe(before);
  });

  // Client users of Harper Household against Lindqvist Trust, a client of the same organisation they are
  // not on: every route naming it, its entities or records is a 404, whatever their role.
  it.each(['client@demo.test', 'designee@demo.test', 'observer@demo.test'])(
    'walks every route as %s against another client of the same organisation',
    async (email) => {
      const before = await snapshot(t, email);
      const other = await demoFamilyOfficeIds(t.deps.database.db, { clientName: 'Lindqvist Trust' });
      let tokens = await login(t.app, email);
      for (const route of await routesOf(t.app)) {
        if (!route.params.includes('clientGuid')) continue;
        const res = await t.app.inject({
          method: route.method,
          url: fill(route.path, other),
          headers: bearer(tokens),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const label = `${email} ${route.method} ${route.path} → ${res.statusCode}`;
        tokens = adoptTokens(res, tokens);
        expect(res.statusCode, label).toBe(404);
        expect(res.body.includes('Lindqvist'), label).toBe(false);
      }
      expect(await snapshot(t, email)).toBe(before);
    },
  );
});
