import { describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { clientsTestKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';
const OTHER_ADMIN = 'other@second.test';
/** Internal staff (`staff: admin`), also super_admin of both organisations. */
const STAFF = 'super@demo.test';
const URL = '/v1/accounts/client-referrers';

describe.each(backends)('client referrers (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = clientsTestKit(t);

  it('lists referrers with their white-label options to staff whose clients they refer, hidden from other organisations', async () => {
    const mine = (await kit.call(MANAGER, 'GET', URL)).json();
    expect(mine.results).toEqual([
      expect.objectContaining({
        name: 'Summit Wealth Advisors',
        white_label_enabled: true,
        options: expect.objectContaining({ typography: { fontFamily: 'Georgia, serif' } }),
      }),
    ]);
    const theirs = (await kit.call(OTHER_ADMIN, 'GET', URL)).json();
    expect(theirs.count).toBe(0);
    expect((await kit.call('client@demo.test', 'GET', URL)).statusCode).toBe(403);
  });

  it('lets internal staff add referrers and edit unused ones; validates the white-label options', async () => {
    const created = await kit.call(STAFF, 'POST', URL, {
      name: 'Harbor Family Office',
      white_label_enabled: true,
      options: {
        palette: { primary: { main: '#112233' } },
        typography: { fontFamily: 'Inter' },
        logos: [{ label: 'main_logo', value: 'https://cdn.example.test/harbor.svg' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const guid = created.json().guid;
    // Unused so far: every organisation's staff may see it and pick it.
    expect((await kit.call(OTHER_ADMIN, 'GET', `${URL}?search=harbor`)).json().count).toBe(1);

    const patched = await kit.call(STAFF, 'PATCH', `${URL}/${guid}`, {
      news_enabled: true,
      name: 'Harbor Family Office',
    });
    expect(patched.json()).toMatchObject({ news_enabled: true, white_label_enabled: true });
    const [audit] = await kit.auditOf(guid);
    expect(audit?.changes).toEqual({ news_enabled: { before: false, after: true } });
    const sameOptions = await kit.call(STAFF, 'PATCH', `${URL}/${guid}`, {
      options: created.json().options,
    });
    expect(sameOptions.statusCode).toBe(200);
    expect((await kit.auditOf(guid)).length).toBe(2);

    const invalid: [Record<string, unknown>, string][] = [
      [{ palette: { primary: { main: 'red' } } }, 'options.palette.primary.main'],
      [{ palette: { primary: { main: '#12345' } } }, 'options.palette.primary.main'],
      [{ typography: { fontFamily: 'x'.repeat(201) } }, 'options.typography.fontFamily'],
      [{ logos: [{ label: 'main_logo', value: 'http://insecure.test/logo.png' }] }, 'options.logos.0.value'],
      [{ logos: [{ label: 'main_logo', value: '//evil.test/logo.png' }] }, 'options.logos.0.value'],
      [{ logos: [{ label: 'main_logo', value: 'javascript:alert(1)' }] }, 'options.logos.0.value'],
    ];
    for (const [options, field] of invalid) {
      const res = await kit.call(STAFF, 'PATCH', `${URL}/${guid}`, { options });
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(options)).toEqual([field]);
    }
    expect((await kit.call(STAFF, 'POST', URL, { name: '' })).statusCode).toBe(400);
    const relative = await kit.call(STAFF, 'PATCH', `${URL}/${guid}`, {
      options: { logos: [{ label: 'main_logo', value: '/logos/harbor.svg' }] },
    });
    expect(relative.json().options.logos).toEqual([{ label: 'main_logo', value: '/logos/harbor.svg' }]);
  });

  it("keeps organisation admins from editing an unused referrer, and another organisation's referrer", async () => {
    const created = await kit.call(STAFF, 'POST', URL, { name: 'Cedar Advisors', news_enabled: false });
    expect(created.statusCode).toBe(201);
    const guid = created.json().guid;
    // Unused, it belongs to no organisation: admins of either one see it but may not change it.
    for (const admin of [OTHER_ADMIN, MANAGER]) {
      const refused = await kit.call(admin, 'PATCH', `${URL}/${guid}`, {
        name: 'Hijacked',
        news_enabled: true,
      });
      expect(refused.statusCode, admin).toBe(403);
      expect(refused.json().code, admin).toBe('permission_denied');
    }
    expect((await kit.call(MANAGER, 'POST', URL, { name: 'Mine' })).statusCode).toBe(403);
    const seen = (await kit.call(MANAGER, 'GET', `${URL}?search=cedar`)).json().results;
    expect(seen).toEqual([expect.objectContaining({ name: 'Cedar Advisors', news_enabled: false })]);
    expect(await kit.auditOf(guid)).toHaveLength(1);

    // Once a Demo Family Office client uses it, it is that organisation's: its admin edits it, the other
    // organisation's admin no longer even finds it.
    const dfoClients = `/v1/accounts/organizations/${await kit.orgGuid('Demo Family Office')}/clients`;
    const linked = await kit.call(MANAGER, 'POST', dfoClients, {
      name: 'Cedar Client',
      client_referrer: guid,
    });
    expect(linked.statusCode).toBe(201);
    const edited = await kit.call(MANAGER, 'PATCH', `${URL}/${guid}`, { news_enabled: true });
    expect(edited.json()).toMatchObject({ name: 'Cedar Advisors', news_enabled: true });
    expect((await kit.call(OTHER_ADMIN, 'PATCH', `${URL}/${guid}`, { name: 'Hijacked' })).statusCode).toBe(
      404,
    );
    const after = (await kit.call(MANAGER, 'GET', `${URL}?search=cedar`)).json().results;
    expect(after).toEqual([expect.objectContaining({ name: 'Cedar Advisors', news_enabled: true })]);
  });

  it("refuses non-admins (403) and hides another organisation's referrer from admins (404)", async () => {
    const list = (await kit.call(MANAGER, 'GET', URL)).json().results as { guid: string; name: string }[];
    const summit = list.find((r) => r.name === 'Summit Wealth Advisors')?.guid;
    expect((await kit.call('associate@demo.test', 'POST', URL, { name: 'Nope' })).statusCode).toBe(403);
    expect(
      (await kit.call('associate@demo.test', 'PATCH', `${URL}/${summit}`, { news_enabled: true })).statusCode,
    ).toBe(403);
    const other = await kit.call(OTHER_ADMIN, 'PATCH', `${URL}/${summit}`, { name: 'Hijacked' });
    expect(other.statusCode).toBe(404);
    const secondOrg = `/v1/accounts/organizations/${await kit.orgGuid('Second Org')}/clients`;
    const link = await kit.call(OTHER_ADMIN, 'POST', secondOrg, {
      name: 'Borrowed',
      client_referrer: summit,
    });
    expect(link.json()).toEqual({ client_referrer: ['Unknown client referrer.'] });
    const after = (await kit.call(MANAGER, 'GET', `${URL}?search=summit`)).json().results;
    expect(after.map((r: { name: string }) => r.name)).toEqual(['Summit Wealth Advisors']);
  });
});
