import type { Commitment } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';
import { commitmentKit } from './test-support.ts';

const START = new Date('2026-03-02T15:00:00Z');

describe.each(backends)('commitments CRUD (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => commitmentKit(t);
  afterEach(() => {
    t.clock.now = new Date();
  });

  it('creates a monthly commitment with its references, audit record and next due date', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const res = await associate.post(u.commitments, u.create());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Commitment;
    expect(created).toMatchObject({
      client: { guid: u.client.guid, name: 'Harper Household' },
      entity: { guid: u.legal.guid },
      vendor: { guid: u.power.guid, name: 'Pacific Power & Light' },
      account: { guid: u.electricity.guid, display_2_levels: 'Utilities: Electricity' },
      division: { guid: u.mainResidence.guid, name: 'Main Residence' },
      category: 'utilities',
      frequency: 'monthly',
      expected_amount: 15_000,
      due_day: 15,
      due_month: null,
      archived: false,
      autopay: false,
      // 2026-03-15 is a Sunday: due on Friday the 13th.
      next_due_date: '2026-03-13',
      version: 1,
    });
    expect(typeof created.id).toBe('number');
    const audit = await t.deps.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectGuid, created.guid), eq(auditRecords.action, 'commitment_created')));
    expect(audit).toHaveLength(1);

    const read = await associate.get(u.commitment(created.id));
    expect(read.json()).toEqual(created);
    // Leading zeros name the same commitment (numeric ids).
    expect(
      (await associate.get(u.commitment(created.id).replace(/\d+$/, `000${created.id}`))).statusCode,
    ).toBe(200);
  });

  it('refuses incomplete schedules, amounts and dates with a message per field', async () => {
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    let res = await associate.post(
      u.commitments,
      u.create({ due_day: undefined, expected_amount: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      due_day: ['A monthly commitment needs a due day (1 to 31).'],
      expected_amount: ['Enter the expected amount, or mark the commitment as variable.'],
    });
    res = await associate.post(u.commitments, u.create({ frequency: 'yearly', due_day: 30, due_month: 2 }));
    expect(res.json()).toEqual({ due_day: ['Month 2 has no day 30.'] });
    res = await associate.post(u.commitments, u.create({ frequency: 'yearly', due_day: 1 }));
    expect(res.json()).toEqual({ due_month: ['A yearly commitment needs a due month (1 to 12).'] });
    res = await associate.post(u.commitments, u.create({ due_day: 32 }));
    expect(res.json()).toEqual({ due_day: ['Enter a day from 1 to 31.'] });
    res = await associate.post(u.commitments, u.create({ end_date: '2025-12-31' }));
    expect(res.json()).toEqual({ end_date: ['The end date must be on or after the start date.'] });

    // References must belong to the client's entity; the account must be assignable to bills.
    res = await associate.post(u.commitments, u.create({ account: u.parent.guid }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ account: ['The account "Utilities" cannot be assigned to bills.'] });
    res = await associate.post(u.commitments, u.create({ entity: u.personal.guid }));
    expect(res.json()).toMatchObject({ vendor: ['Choose a vendor of this entity.'] });

    // Variable: no amount needed, none kept.
    res = await associate.post(u.commitments, u.create({ is_variable: true, expected_amount: 999 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ is_variable: true, expected_amount: null });
    // Weekly: the start date is the anchor; day and month are not kept.
    res = await associate.post(u.commitments, u.create({ frequency: 'weekly', due_month: 4 }));
    expect(res.json()).toMatchObject({ frequency: 'weekly', due_day: null, due_month: null });
  });

  it('edits with a version check (409 when stale), re-checking the result', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const created = await k.enter();
    let res = await associate.patch(u.commitment(created.id), {
      version: 1,
      expected_amount: 16_000,
      due_day: 20,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      expected_amount: 16_000,
      due_day: 20,
      version: 2,
      next_due_date: '2026-03-20',
    });
    res = await associate.patch(u.commitment(created.id), { version: 1, memo: 'stale' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'This commitment was changed by someone else. Reload it and try again.',
      code: 'conflict',
    });
    // Yearly without a month: refused on the merged result.
    res = await associate.patch(u.commitment(created.id), { version: 2, frequency: 'yearly' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ due_month: ['A yearly commitment needs a due month (1 to 12).'] });
    res = await associate.patch(u.commitment(created.id), { version: 2, is_variable: true });
    expect(res.json()).toMatchObject({ is_variable: true, expected_amount: null, version: 3 });
  });

  it('archives and unarchives; archived ones are listed apart', async () => {
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const created = await k.enter({ memo: 'To archive' });
    let res = await associate.del(u.commitment(created.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived: true, next_due_date: null, version: 2 });
    expect((await associate.del(u.commitment(created.id))).statusCode).toBe(409);
    let list = (await associate.get(`${u.commitments}?search=To%20archive`)).json();
    expect(list.count).toBe(0);
    list = (await associate.get(`${u.commitments}?search=To%20archive&archived=true`)).json();
    expect(list.results.map((c: Commitment) => c.id)).toEqual([created.id]);
    res = await associate.post(`${u.commitment(created.id)}/unarchive`, { version: 1 });
    expect(res.statusCode).toBe(409);
    res = await associate.post(`${u.commitment(created.id)}/unarchive`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived: false, version: 3 });
  });

  it('lists with filters on the client and across the organisation', async () => {
    const k = kit();
    const u = await k.urls();
    const manager = await k.as('manager@demo.test');
    const yearly = await k.enter({
      frequency: 'yearly',
      due_month: 4,
      due_day: 15,
      category: 'other_tax',
      memo: 'Estimated tax',
    });
    let list = (await manager.get(`${u.commitments}?category=other_tax&frequency=yearly`)).json();
    expect(list.results.map((c: Commitment) => c.id)).toContain(yearly.id);
    expect(list.results.every((c: Commitment) => c.category === 'other_tax')).toBe(true);
    list = (
      await manager.get(`${u.orgCommitments}?client=all-clients&entity=${u.legal.guid}&search=estimated`)
    ).json();
    expect(list.results.map((c: Commitment) => c.id)).toEqual([yearly.id]);
    list = (await manager.get(`${u.orgCommitments}?entity=${u.personal.guid}`)).json();
    expect(list.count).toBe(0);
    list = (await manager.get(`${u.commitments}?ordering=next_due_date&page_size=2`)).json();
    expect(list.results).toHaveLength(2);
    expect(list.next).toMatch(/page=2/);
  });

  it('client users read their own commitments and write nothing; another tenant gets 404', async () => {
    const k = kit();
    const u = await k.urls();
    const created = await k.enter();
    for (const email of ['client@demo.test', 'designee@demo.test', 'observer@demo.test']) {
      const user = await k.as(email);
      expect((await user.get(u.commitment(created.id))).statusCode).toBe(200);
      expect((await user.get(`${u.commitments}/cash-outflow`)).statusCode).toBe(200);
      expect((await user.patch(u.commitment(created.id), { version: 1, memo: 'x' })).statusCode).toBe(403);
      expect((await user.post(u.commitments, u.create())).statusCode).toBe(403);
      expect((await user.del(u.commitment(created.id))).statusCode).toBe(403);
      expect((await user.get(`${u.commitment(created.id)}/notes`)).statusCode).toBe(403);
    }
    const other = await k.as('other@second.test');
    for (const url of [u.commitment(created.id), `${u.commitment(created.id)}/tracker`, u.commitments]) {
      const res = await other.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect((await other.get(u.orgCommitments)).statusCode).toBe(404);
  });

  it('a commitment of another client of the same organisation is a 404 under this client', async () => {
    const k = kit();
    const created = await k.enter();
    const [other] = await t.deps.database.db
      .select()
      .from(clients)
      .where(eq(clients.name, 'Lindqvist Trust'));
    const manager = await k.as('manager@demo.test');
    const res = await manager.get(`/v1/billing/clients/${other?.guid}/commitments/${created.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('staff read a commitment by its id alone under the organisation, with its client; others get 404', async () => {
    const k = kit();
    const u = await k.urls();
    const created = await k.enter();
    const manager = await k.as('manager@demo.test');
    const byOrg = await manager.get(`${u.orgCommitments}/${created.id}`);
    expect(byOrg.statusCode, byOrg.body).toBe(200);
    expect(byOrg.json()).toEqual((await manager.get(u.commitment(created.id))).json());
    expect(byOrg.json()).toMatchObject({ id: created.id, client: { guid: u.client.guid } });
    // Archived ones too, like under the client.
    await manager.del(u.commitment(created.id));
    expect((await manager.get(`${u.orgCommitments}/${created.id}`)).json()).toMatchObject({ archived: true });
    expect((await manager.get(`${u.orgCommitments}/999999999`)).statusCode).toBe(404);
    expect((await manager.get(`${u.orgCommitments}/abc`)).statusCode).toBe(400);

    // Client users are not members of the organisation; another organisation never finds it.
    expect((await (await k.as('client@demo.test')).get(`${u.orgCommitments}/${created.id}`)).statusCode).toBe(
      404,
    );
    const other = await k.as('other@second.test');
    const theirOrgs = (await other.get('/v1/accounts/organizations')).json();
    const theirOrg = (theirOrgs.results ?? theirOrgs)[0].guid as string;
    for (const url of [
      `${u.orgCommitments}/${created.id}`,
      `/v1/billing/organizations/${theirOrg}/commitments/${created.id}`,
    ]) {
      const res = await other.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('notes: staff write and read them, newest first', async () => {
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const created = await k.enter();
    expect((await associate.post(`${u.commitment(created.id)}/notes`, { body: '  ' })).statusCode).toBe(400);
    await associate.post(`${u.commitment(created.id)}/notes`, { body: 'First' });
    const res = await associate.post(`${u.commitment(created.id)}/notes`, { body: 'Second' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ body: 'Second', user: { first_name: expect.any(String) } });
    const list = (await associate.get(`${u.commitment(created.id)}/notes`)).json();
    expect(list.count).toBe(2);
    expect(list.results.map((n: { body: string }) => n.body).sort()).toEqual(['First', 'Second']);
  });

  it('from a bill: prefilled form, then a commitment with the fields sent winning', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const entered = await associate.post(u.base, u.request({ amount: 4_200, due_date: '2026-03-18' }));
    expect(entered.statusCode, entered.body).toBe(201);
    const billGuid = entered.json().guid as string;
    const draft = await associate.get(`${u.commitments}/from-bill/${billGuid}`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      entity: u.legal.guid,
      vendor: u.power.guid,
      expected_amount: 4_200,
      frequency: 'monthly',
      due_day: 18,
      start_date: '2026-03-18',
      account: u.electricity.guid,
      memo: 'January power',
    });
    const res = await associate.post(`${u.commitments}/from-bill/${billGuid}`, { category: 'utilities' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ category: 'utilities', expected_amount: 4_200, due_day: 18 });
    const yearly = await associate.post(`${u.commitments}/from-bill/${billGuid}`, { frequency: 'yearly' });
    expect(yearly.statusCode).toBe(400);
    expect(yearly.json()).toEqual({ due_month: ['A yearly commitment needs a due month (1 to 12).'] });
  });
});
