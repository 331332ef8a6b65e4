import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { fill, routesOf } from '../../test/route-walk.ts';
import { entities, vendors } from '../entities/tables.ts';
import { clientsTestKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';
/** This module's routes under /v1/accounts/clients/{clientGuid}. */
const MODULE_PATH =
  /^\/v1\/accounts\/clients\/\{clientGuid\}\/(users|user-invitations|designated_|excluded-vendors)/;

describe.each(backends)('client users (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = clientsTestKit(t);
  const db = () => t.deps.database.db;

  async function entityAndVendorOf(clientName: string) {
    const client = await kit.clientByName(clientName);
    const [row] = await db()
      .select({ entity: entities.guid, vendor: vendors.guid })
      .from(entities)
      .innerJoin(vendors, eq(vendors.entityId, entities.id))
      .where(eq(entities.clientId, client.id))
      .limit(1);
    if (!row) throw new Error(`no entity with a vendor for ${clientName}`);
    return { client, ...row };
  }

  it("gives a client user the referrer's white label with the referrer's name (the logo's alt text)", async () => {
    const res = await kit.call('client@demo.test', 'GET', '/v1/accounts/clients');
    expect(res.statusCode).toBe(200);
    const [harper] = res.json().results;
    expect(harper.client_referrer).toMatchObject({
      name: 'Summit Wealth Advisors',
      white_label_enabled: true,
      options: { logos: [{ label: 'main_logo', value: '/summit-logo.svg' }] },
    });
  });

  it('lists the users of a client with labels, search and ordering', async () => {
    const harper = await kit.clientByName('Harper Household');
    const res = await kit.call(MANAGER, 'GET', `/v1/accounts/clients/${harper.guid}/users?ordering=email`);
    expect(res.statusCode).toBe(200);
    const emails = res.json().results.map((u: { user: { email: string } }) => u.user.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toContain('observer@demo.test');
    const observer = res.json().results.find((u: { role: string }) => u.role === 'observer');
    expect(observer).toMatchObject({
      role_label: 'Observer',
      client_relation: 'other',
      client_relation_label: 'Other',
      status: 'active',
      status_label: 'Active',
      approval_limit: 0,
    });
    const search = await kit.call(
      'observer@demo.test',
      'GET',
      `/v1/accounts/clients/${harper.guid}/users?search=dana`,
    );
    expect(search.json().results.map((u: { user: { email: string } }) => u.user.email)).toEqual([
      'designee@demo.test',
    ]);
  });

  it('stores and returns designee limits: approval limit, designated entities and vendors, excluded vendors', async () => {
    const { client, entity, vendor } = await entityAndVendorOf('Harper Household');
    const designee = await kit.clientUserGuid('Harper Household', 'designee@demo.test');
    const base = `/v1/accounts/clients/${client.guid}`;
    const patched = await kit.call(MANAGER, 'PATCH', `${base}/users/${designee}`, {
      approval_limit: 500_000,
      nickname: 'Dana D.',
    });
    expect(patched.json()).toMatchObject({ approval_limit: 500_000, nickname: 'Dana D.' });
    const [audit] = await kit.auditOf(designee);
    expect(audit?.changes).toEqual({
      approval_limit: { before: 0, after: 500_000 },
      nickname: { before: null, after: 'Dana D.' },
    });

    const ent = await kit.call(MANAGER, 'PUT', `${base}/designated_entities`, {
      client_user: designee,
      entities: [entity, entity],
    });
    expect(ent.statusCode).toBe(200);
    expect(ent.json()).toEqual({
      client_user: designee,
      entities: [{ guid: entity, nickname: expect.any(String) }],
    });
    const ven = await kit.call(MANAGER, 'PUT', `${base}/designated_vendors`, {
      client_user: designee,
      vendors: [vendor],
    });
    expect(ven.json().vendors).toEqual([
      { guid: vendor, name: expect.any(String), entity: { guid: entity, nickname: expect.any(String) } },
    ]);
    const exc = await kit.call(MANAGER, 'PUT', `${base}/excluded-vendors`, {
      client_user: designee,
      vendors: [vendor],
    });
    expect(exc.json().vendors.map((v: { guid: string }) => v.guid)).toEqual([vendor]);

    // The designee reads its own limits without naming itself.
    const own = await kit.call('designee@demo.test', 'GET', `${base}/designated_entities`);
    expect(own.json().entities.map((e: { guid: string }) => e.guid)).toEqual([entity]);
    const ownVendors = await kit.call('designee@demo.test', 'GET', `${base}/designated_vendors`);
    expect(ownVendors.json().vendors.map((v: { guid: string }) => v.guid)).toEqual([vendor]);
    const me = (await kit.call('designee@demo.test', 'GET', `${base}/users/${designee}`)).json();
    expect(me.approval_limit).toBe(500_000);
    const staffRead = await kit.call(MANAGER, 'GET', `${base}/excluded-vendors?client_user=${designee}`);
    expect(staffRead.json().vendors).toHaveLength(1);
    expect((await kit.call(MANAGER, 'GET', `${base}/excluded-vendors`)).json()).toEqual({
      client_user: ['This field is required.'],
    });

    const cleared = await kit.call(MANAGER, 'PUT', `${base}/designated_entities`, {
      client_user: designee,
      entities: [],
    });
    expect(cleared.json().entities).toEqual([]);
  });

  it("refuses another client's entities and vendors, naming them, and unknown client users", async () => {
    const harper = await kit.clientByName('Harper Household');
    const other = await entityAndVendorOf('Lindqvist Trust');
    const designee = await kit.clientUserGuid('Harper Household', 'designee@demo.test');
    const base = `/v1/accounts/clients/${harper.guid}`;
    const unknown = '00000000-0000-4000-8000-000000000abc';
    const badEntities = await kit.call(MANAGER, 'PUT', `${base}/designated_entities`, {
      client_user: designee,
      entities: [other.entity, unknown],
    });
    expect(badEntities.statusCode).toBe(400);
    expect(badEntities.json()).toEqual({
      entities: [
        `${other.entity} is not an entity of this client.`,
        `${unknown} is not an entity of this client.`,
      ],
    });
    for (const path of ['designated_vendors', 'excluded-vendors']) {
      const badVendors = await kit.call(MANAGER, 'PUT', `${base}/${path}`, {
        client_user: designee,
        vendors: [other.vendor],
      });
      expect(badVendors.json()).toEqual({ vendors: [`${other.vendor} is not a vendor of this client.`] });
    }
    const notHarpers = await kit.clientUserGuid('Lindqvist Trust', 'family@demo.test');
    const wrongUser = await kit.call(MANAGER, 'PUT', `${base}/designated_entities`, {
      client_user: notHarpers,
      entities: [],
    });
    expect(wrongUser.json()).toEqual({ client_user: ['Unknown user of this client.'] });
    expect((await kit.call(MANAGER, 'GET', `${base}/users/${notHarpers}`)).statusCode).toBe(404);
    expect(
      (await kit.call(MANAGER, 'PATCH', `${base}/users/${notHarpers}`, { nickname: 'x' })).statusCode,
    ).toBe(404);
  });

  it('validates edits; a client may not change its own role and manages only designees and observers', async () => {
    const harper = await kit.clientByName('Harper Household');
    const base = `/v1/accounts/clients/${harper.guid}/users`;
    const claire = await kit.clientUserGuid('Harper Household', 'client@demo.test');
    const observer = await kit.clientUserGuid('Harper Household', 'observer@demo.test');
    const multi = await kit.clientUserGuid('Harper Household', 'multi@demo.test');
    for (const bad of [
      { role: 'admin' },
      { client_relation: 'boss' },
      { approval_limit: -1 },
      { approval_limit: 1.5 },
    ]) {
      expect((await kit.call(MANAGER, 'PATCH', `${base}/${observer}`, bad)).statusCode).toBe(400);
    }
    const ownRole = await kit.call('client@demo.test', 'PATCH', `${base}/${claire}`, { role: 'exec' });
    expect(ownRole.statusCode).toBe(403);
    expect(ownRole.json().detail).toBe('You cannot change your own role.');
    const ownNickname = await kit.call('client@demo.test', 'PATCH', `${base}/${claire}`, {
      nickname: 'Claire',
    });
    expect(ownNickname.statusCode).toBe(200);
    expect(
      (await kit.call('client@demo.test', 'PATCH', `${base}/${multi}`, { nickname: 'M' })).statusCode,
    ).toBe(403);
    const promote = await kit.call('client@demo.test', 'PATCH', `${base}/${observer}`, { role: 'client' });
    expect(promote.statusCode).toBe(403);
    const toDesignee = await kit.call('client@demo.test', 'PATCH', `${base}/${observer}`, {
      role: 'designee',
    });
    expect(toDesignee.json()).toMatchObject({ role: 'designee', role_label: 'Designee' });
    const back = await kit.call(MANAGER, 'PATCH', `${base}/${observer}`, { role: 'observer' });
    expect(back.json().role).toBe('observer');
  });

  it('removes a user from the client but keeps the account', async () => {
    const okafor = await kit.clientByName('Okafor Family');
    const advisor = await kit.clientUserGuid('Okafor Family', 'advisor@demo.test');
    const res = await kit.call(MANAGER, 'DELETE', `/v1/accounts/clients/${okafor.guid}/users/${advisor}`);
    expect(res.statusCode).toBe(204);
    expect(
      (await kit.call(MANAGER, 'GET', `/v1/accounts/clients/${okafor.guid}/users/${advisor}`)).statusCode,
    ).toBe(404);
    const stillThere = await kit.call('advisor@demo.test', 'GET', '/v1/accounts/clients');
    expect(stillThere.json().results.map((c: { name: string }) => c.name)).toEqual(['Harper Household']);
    const [audit] = await kit.auditOf(advisor);
    expect(audit).toMatchObject({ action: 'client_user_removed', clientId: okafor.id });
  });

  it('gives the observer 403 on every write route of this module and 200 on its reads', async () => {
    const harper = await kit.clientByName('Harper Household');
    const designee = await kit.clientUserGuid('Harper Household', 'designee@demo.test');
    const routes = (await routesOf(t.app)).filter((r) => MODULE_PATH.test(r.path));
    expect(routes.length).toBe(12); // users ×4, invitations ×2, three designation lists ×2
    for (const route of routes) {
      const url = fill(route.path, { clientGuid: harper.guid, clientUserGuid: designee });
      const res = await kit.call(
        'observer@demo.test',
        route.method,
        url,
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(route.method === 'GET' ? 200 : 403);
    }
    const org = await kit.orgGuid('Demo Family Office');
    const orgWrites: [string, 'POST' | 'PATCH'][] = [
      [`/v1/accounts/organizations/${org}/clients`, 'POST'],
      [`/v1/accounts/organizations/${org}/clients/${harper.guid}`, 'PATCH'],
      [`/v1/accounts/organizations/${org}/clients/${harper.guid}/archive`, 'POST'],
      [`/v1/accounts/organizations/${org}/client-invitations`, 'POST'],
      [`/v1/accounts/organizations/${org}/send-onboarding-invite`, 'POST'],
    ];
    for (const [url, method] of orgWrites) {
      // Not a member of the organisation at all: its routes do not exist for the observer.
      expect((await kit.call('observer@demo.test', method, url, {})).statusCode).toBe(404);
    }
    expect(
      (await kit.call('observer@demo.test', 'POST', '/v1/accounts/client-referrers', { name: 'x' }))
        .statusCode,
    ).toBe(403);
    const unchanged = await kit.call(MANAGER, 'GET', `/v1/accounts/clients/${harper.guid}/users/${designee}`);
    expect(unchanged.json().role).toBe('designee');
  });

  it("answers 404 to a client user on another client's routes", async () => {
    const lindqvist = await kit.clientByName('Lindqvist Trust');
    const family = await kit.clientUserGuid('Lindqvist Trust', 'family@demo.test');
    const routes = (await routesOf(t.app)).filter((r) => MODULE_PATH.test(r.path));
    for (const route of routes) {
      const url = fill(route.path, { clientGuid: lindqvist.guid, clientUserGuid: family });
      const res = await kit.call(
        'client@demo.test',
        route.method,
        url,
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(404);
    }
  });
});
