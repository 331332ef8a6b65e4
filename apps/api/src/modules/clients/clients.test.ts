import { describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { createClientService } from './client-service.ts';
import { ClientsError } from './errors.ts';
import { clientsTestKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';

describe.each(backends)('clients of an organisation (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = clientsTestKit(t);
  const base = async () => `/v1/accounts/organizations/${await kit.orgGuid('Demo Family Office')}/clients`;

  it('refuses with its own error when called directly, without an app or a request', async () => {
    const scope = {
      id: -1,
      guid: await kit.orgGuid('Demo Family Office'),
      name: 'Demo Family Office',
      organizationUserId: -1,
      role: 'admin',
      teamLabel: null,
      permissions: new Set<string>(),
    };
    const refusal = await createClientService(t.deps)
      .get(scope, '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ClientsError);
    expect(refusal).toMatchObject({ kind: 'not_found', code: 'not_found', detail: 'Not found.' });
  });

  it('creates, lists, searches, orders, edits only changed fields, archives and unarchives a client', async () => {
    const url = await base();
    t.clock.now = new Date(Date.now() + 60_000); // after the demo data's own timestamps
    const created = await kit.call(MANAGER, 'POST', url, {
      name: 'Zephyr Family',
      service: 'family_office_accounting',
      primary_contact: 'Zoe Zephyr',
      bp_ff_amount: 12_345,
      foa_ff_amount: 50_000,
      has_properties: true,
    });
    expect(created.statusCode).toBe(201);
    const client = created.json();
    expect(client).toMatchObject({
      name: 'Zephyr Family',
      service: 'family_office_accounting',
      primary_contact: 'Zoe Zephyr',
      bp_ff_amount: 12_345,
      foa_ff_amount: 50_000,
      total_ff_amount: 62_345,
      has_properties: true,
      is_onboarding_completed: false,
      client_referrer: null,
      archived: false,
    });

    const searched = (await kit.call(MANAGER, 'GET', `${url}?search=zeph`)).json();
    expect(searched.count).toBe(1);
    expect(searched.results[0].guid).toBe(client.guid);

    const byName = (await kit.call(MANAGER, 'GET', `${url}?ordering=-name&page_size=2`)).json();
    expect(byName.results.map((c: { name: string }) => c.name)).toEqual(['Zephyr Family', 'Okafor Family']);
    expect(byName.count).toBe(5);
    expect(byName.next).toContain('page=2');
    const newest = (await kit.call(MANAGER, 'GET', `${url}?ordering=-created_on&page_size=1`)).json();
    expect(newest.results[0].guid).toBe(client.guid);
    const foa = (await kit.call(MANAGER, 'GET', `${url}?service=family_office_accounting`)).json();
    expect(foa.results.map((c: { name: string }) => c.name)).toEqual(['Lindqvist Trust', 'Zephyr Family']);

    const patched = await kit.call(MANAGER, 'PATCH', `${url}/${client.guid}`, {
      name: 'Zephyr Family', // unchanged: neither written nor audited
      bp_ff_amount: 20_000,
      primary_contact: '',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      bp_ff_amount: 20_000,
      total_ff_amount: 70_000,
      primary_contact: null,
    });
    const [update] = await kit.auditOf(client.guid);
    expect(update?.action).toBe('client_updated');
    expect(update?.changes).toEqual({
      bp_ff_amount: { before: 12_345, after: 20_000 },
      primary_contact: { before: 'Zoe Zephyr', after: null },
    });
    expect(update?.organizationId).not.toBeNull();
    expect(update?.clientId).not.toBeNull();
    const again = await kit.call(MANAGER, 'PATCH', `${url}/${client.guid}`, { bp_ff_amount: 20_000 });
    expect(again.statusCode).toBe(200);
    expect((await kit.auditOf(client.guid)).length).toBe(2); // created + one update

    const archived = await kit.call(MANAGER, 'POST', `${url}/${client.guid}/archive`);
    expect(archived.json()).toMatchObject({ archived: true, archived_on: expect.any(String) });
    expect((await kit.call(MANAGER, 'POST', `${url}/${client.guid}/archive`)).statusCode).toBe(409);
    const active = (await kit.call(MANAGER, 'GET', `${url}?search=zeph`)).json();
    expect(active.count).toBe(0);
    const archivedList = (
      await kit.call(MANAGER, 'GET', `${url}?archived=true&service=family_office_accounting`)
    ).json();
    expect(archivedList.results.map((c: { guid: string }) => c.guid)).toEqual([client.guid]);
    const wrongService = (await kit.call(MANAGER, 'GET', `${url}?archived=true&service=bill_pay`)).json();
    expect(wrongService.count).toBe(0);
    expect((await kit.call(MANAGER, 'GET', `${url}/${client.guid}`)).json().archived).toBe(true);

    const restored = await kit.call(MANAGER, 'POST', `${url}/${client.guid}/unarchive`);
    expect(restored.json()).toMatchObject({ archived: false, archived_on: null });
    expect((await kit.call(MANAGER, 'GET', `${url}?search=zeph`)).json().count).toBe(1);
    const actions = (await kit.auditOf(client.guid)).map((a) => a.action);
    expect(actions).toEqual(['client_unarchived', 'client_archived', 'client_updated', 'client_created']);
  });

  it('validates names and fee amounts (integer cents, 0 to 10^12) and refuses unknown fields', async () => {
    const url = await base();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'A', bp_ff_amount: -1 }, 'bp_ff_amount'],
      [{ name: 'A', bp_ff_amount: 12.5 }, 'bp_ff_amount'],
      [{ name: 'A', foa_ff_amount: 1_000_000_000_001 }, 'foa_ff_amount'],
      [{ name: 'A', foa_ff_amount: '100' }, 'foa_ff_amount'],
      [{ name: 'A', service: 'payroll' }, 'service'],
      [{ name: 'A', client_referrer: 'not-a-guid' }, 'client_referrer'],
    ];
    for (const [payload, field] of cases) {
      const res = await kit.call(MANAGER, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toContain(field);
    }
    const unknownReferrer = await kit.call(MANAGER, 'POST', url, {
      name: 'A',
      client_referrer: '00000000-0000-4000-8000-000000000001',
    });
    expect(unknownReferrer.json()).toEqual({ client_referrer: ['Unknown client referrer.'] });
    const largest = await kit.call(MANAGER, 'POST', url, {
      name: 'Big Fees',
      bp_ff_amount: 1_000_000_000_000,
    });
    expect(largest.statusCode).toBe(201);
    const harper = await kit.clientByName('Harper Household');
    const sneaky = await kit.call(MANAGER, 'PATCH', `${url}/${harper.guid}`, { organization: 'x' });
    expect(sneaky.statusCode).toBe(400);
    const negative = await kit.call(MANAGER, 'PATCH', `${url}/${harper.guid}`, { foa_ff_amount: -5 });
    expect(negative.json()).toEqual({ foa_ff_amount: [expect.any(String)] });
  });

  it('links a referrer the organisation uses and shows it on the client', async () => {
    const url = await base();
    const referrers = (await kit.call(MANAGER, 'GET', '/v1/accounts/client-referrers')).json();
    const summit = referrers.results.find((r: { name: string }) => r.name === 'Summit Wealth Advisors');
    const res = await kit.call(MANAGER, 'POST', url, {
      name: 'Referred Family',
      client_referrer: summit.guid,
    });
    expect(res.json().client_referrer).toEqual({ guid: summit.guid, name: 'Summit Wealth Advisors' });
    const cleared = await kit.call(MANAGER, 'PATCH', `${url}/${res.json().guid}`, { client_referrer: null });
    expect(cleared.json().client_referrer).toBeNull();
    const [audit] = await kit.auditOf(res.json().guid);
    expect(audit?.changes).toEqual({ client_referrer: { before: summit.guid, after: null } });
  });

  it("answers 404 for another organisation's client on every client route", async () => {
    const nakamura = await kit.clientByName('Nakamura Holdings');
    const url = `${await base()}/${nakamura.guid}`;
    const org = await kit.orgGuid('Demo Family Office');
    const attempts: [string, 'GET' | 'PATCH' | 'POST', unknown][] = [
      [url, 'GET', undefined],
      [url, 'PATCH', { name: 'Taken' }],
      [`${url}/archive`, 'POST', undefined],
      [`${url}/unarchive`, 'POST', undefined],
      [
        `/v1/accounts/organizations/${org}/client-invitations`,
        'POST',
        {
          client: nakamura.guid,
          email: 'someone@example.test',
          first_name: 'Some',
          last_name: 'One',
          role: 'designee',
          client_relation: 'designee',
        },
      ],
      [`/v1/accounts/organizations/${org}/send-onboarding-invite`, 'POST', { client: nakamura.guid }],
    ];
    for (const [path, method, payload] of attempts) {
      const res = await kit.call(MANAGER, method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    // Second Org's own admin cannot reach Demo Family Office's list at all.
    expect((await kit.call('other@second.test', 'GET', await base())).statusCode).toBe(404);
    expect((await kit.clientByName('Nakamura Holdings')).name).toBe('Nakamura Holdings');
  });

  it('needs clients.manage to write and clients.export to export (associates read only)', async () => {
    const url = await base();
    const associate = 'associate@demo.test';
    expect((await kit.call(associate, 'GET', url)).statusCode).toBe(200);
    expect((await kit.call(associate, 'POST', url, { name: 'Nope' })).statusCode).toBe(403);
    expect((await kit.call(associate, 'GET', `${url}/export`)).statusCode).toBe(403);
  });

  it('sends the onboarding invitation to the primary users and records when', async () => {
    const org = await kit.orgGuid('Demo Family Office');
    const okafor = await kit.clientByName('Okafor Family');
    const res = await kit.call(MANAGER, 'POST', `/v1/accounts/organizations/${org}/send-onboarding-invite`, {
      client: okafor.guid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recipients: ['newclient@demo.test'] });
    const mail = await kit.lastEmailTo('newclient@demo.test');
    expect(mail?.bodyText).toContain('http://app.test/client-onboarding/client');
    expect(mail?.bodyText).toContain('Sent by Demo Family Office through the Bill-pay platform.');
    const client = (await kit.call(MANAGER, 'GET', `${await base()}/${okafor.guid}`)).json();
    expect(client.onboarding_invited_at).toBe(res.json().onboarding_invited_at);
  });
});
