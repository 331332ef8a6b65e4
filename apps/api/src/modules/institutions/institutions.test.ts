import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller, latestEvent, orgGuidOf, userGuidOf } from '../../test/org-admin.ts';

const base = '/v1/accounts/institutions';

describe.each(backends)('parent institutions (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let manager: Caller;
  let staff: Caller;
  let associate: Caller;
  let other: Caller;
  let client: Caller;
  let dfo: string;
  let second: string;

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    second = await orgGuidOf(t, 'Second Org');
    manager = caller(t, await login(t.app, 'manager@demo.test'));
    // Internal staff (`staff: admin`), and super_admin of both organisations.
    staff = caller(t, await login(t.app, 'super@demo.test'));
    associate = caller(t, await login(t.app, 'associate@demo.test'));
    other = caller(t, await login(t.app, 'other@second.test'));
    client = caller(t, await login(t.app, 'client@demo.test'));
  });

  it('lists the shared institutions to every organisation user, with search and paging', async () => {
    const res = await associate.get(base);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((i: { name: string }) => i.name)).toEqual([
      'First National Bank',
      'Harbor Trust Company',
      'Summit Brokerage',
    ]);
    expect((await other.get(`${base}?search=harbor`)).json()).toMatchObject({
      count: 1,
      results: [{ name: 'Harbor Trust Company', is_active: true, website: null, routing_number: null }],
    });
    const page = (await associate.get(`${base}?page=2&page_size=2&ordering=-name`)).json();
    expect(page).toMatchObject({ count: 3, next: null, results: [{ name: 'First National Bank' }] });
    expect((await client.get(base)).statusCode).toBe(403);
    expect((await t.app.inject({ url: base })).statusCode).toBe(401);
  });

  it('lets internal staff add, edit and delete entries, audited in the history of their organisations', async () => {
    const created = await staff.post(base, {
      name: 'Cascade Credit Union',
      website: 'https://cascade.example',
      routing_number: '125000024',
    });
    expect(created.statusCode).toBe(201);
    const guid = created.json().guid as string;
    expect(created.json()).toMatchObject({ name: 'Cascade Credit Union', is_active: true });
    expect((await latestEvent(manager, dfo, 'parent_institution_created')).changes).toEqual({
      name: { before: null, after: 'Cascade Credit Union' },
      website: { before: null, after: 'https://cascade.example' },
      routing_number: { before: null, after: '125000024' },
      is_active: { before: null, after: true },
    });
    expect((await associate.get(`${base}/${guid}`)).json().name).toBe('Cascade Credit Union');

    const edited = await staff.patch(`${base}/${guid}`, { is_active: false, website: '' });
    expect(edited.json()).toMatchObject({ is_active: false, website: null });
    const event = await latestEvent(staff, second, 'parent_institution_updated');
    expect(event.changes).toEqual({
      is_active: { before: true, after: false },
      website: { before: 'https://cascade.example', after: null },
    });
    expect((await other.get(`${base}?is_active=false`)).json().results).toEqual([
      expect.objectContaining({ guid }),
    ]);

    expect((await staff.del(`${base}/${guid}`)).statusCode).toBe(204);
    expect((await manager.get(`${base}/${guid}`)).statusCode).toBe(404);
    expect((await latestEvent(manager, dfo, 'parent_institution_deleted')).changes).toMatchObject({
      name: { before: 'Cascade Credit Union', after: null },
    });
  });

  it("keeps one organisation's admin from changing the bank every organisation pays through", async () => {
    const first = (await manager.get(`${base}?search=First%20National`)).json().results[0];
    const refused = await other.patch(`${base}/${first.guid}`, { routing_number: '021000021' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: expect.any(String), code: 'permission_denied' });
    expect((await other.del(`${base}/${first.guid}`)).statusCode).toBe(403);
    expect((await other.post(base, { name: 'Second Org Bank' })).statusCode).toBe(403);
    // Demo Family Office's manager still reads First National Bank as it was.
    expect((await manager.get(`${base}/${first.guid}`)).json()).toEqual(first);
    expect((await manager.get(`${base}?search=Second%20Org`)).json().count).toBe(0);
    // Its own admins neither: the list is the platform's, not Demo Family Office's.
    expect((await manager.patch(`${base}/${first.guid}`, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses internal staff while they are masked as an organisation admin', async () => {
    const masked = await staff.post('/v1/auth/mask', { guid: await userGuidOf(t, 'manager@demo.test') });
    expect(masked.statusCode).toBe(200);
    const asManager = caller(t, masked.json());
    const summit = (await manager.get(`${base}?search=Summit`)).json().results[0];
    expect(
      (await asManager.patch(`${base}/${summit.guid}`, { website: 'https://x.example' })).statusCode,
    ).toBe(403);
    expect((await manager.get(`${base}/${summit.guid}`)).json()).toEqual(summit);
  });

  it('refuses duplicate names in any case and bad fields', async () => {
    const dup = await staff.post(base, { name: 'first national BANK' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['An institution with this name already exists.'] });
    const harbor = (await manager.get(`${base}?search=Harbor`)).json().results[0].guid;
    const rename = await staff.patch(`${base}/${harbor}`, { name: 'Summit brokerage' });
    expect(rename.json()).toEqual({ name: ['An institution with this name already exists.'] });
    expect((await staff.patch(`${base}/${harbor}`, { name: 'HARBOR Trust Company' })).statusCode).toBe(200);
    expect(Object.keys((await staff.post(base, { name: 'X', routing_number: '12' })).json())).toEqual([
      'routing_number',
    ]);
    expect(Object.keys((await staff.post(base, { name: 'X', website: 'not a url' })).json())).toEqual([
      'website',
    ]);
    expect((await staff.post(base, { name: ' ' })).statusCode).toBe(400);
  });

  it('refuses to delete an institution that client institutions use', async () => {
    const first = (await manager.get(`${base}?search=First%20National`)).json().results[0];
    const res = await staff.del(`${base}/${first.guid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'conflict',
      detail:
        'First National Bank is used by client institutions and cannot be deleted. ' +
        'Mark it inactive instead, or move those accounts to another institution first.',
    });
    expect((await manager.get(`${base}/${first.guid}`)).statusCode).toBe(200);
  });

  it('keeps organisation staff and client users from changing the list', async () => {
    const summit = (await manager.get(`${base}?search=Summit`)).json().results[0].guid;
    expect((await associate.post(base, { name: 'Mine' })).statusCode).toBe(403);
    expect((await associate.patch(`${base}/${summit}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await associate.del(`${base}/${summit}`)).statusCode).toBe(403);
    expect((await client.post(base, { name: 'Mine' })).statusCode).toBe(403);
    expect((await staff.patch(`${base}/not-a-guid`, { name: 'X' })).statusCode).toBe(404);
    expect((await staff.del(`${base}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});
