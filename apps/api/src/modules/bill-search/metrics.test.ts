import type { ByPaidDate, SummaryMetrics } from '@bp/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { designatedEntities, excludedVendors } from '../entities/tables.ts';
import { billKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';
const HARPER = 'Harper Household';
/** 03:00 UTC on Friday 20 November 2026: still the 19th in Los Angeles. */
const NOW = new Date('2026-11-20T03:00:00Z');
const LA = { 'x-timezone': 'America/Los_Angeles' };

type Figure = { count: number; amount: number };
const statusOf = (m: SummaryMetrics, status: string): Figure => {
  const row = m.by_status.find((s) => s.status === status);
  return { count: row?.count ?? -1, amount: row?.amount ?? -1 };
};

describe.each(backends)('summary metrics and by-paid-date (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let harper: string;
  let delacroix: string;
  let brennan: string;
  let org: string;
  let personalEntity: string;

  beforeAll(async () => {
    t.clock.now = NOW;
    await kit.clearBills();
    const h = await kit.demoClient(HARPER);
    harper = `/v1/billing/clients/${h.client.guid}`;
    personalEntity = h.personal.guid;
    delacroix = (await kit.demoClient('Delacroix Estate')).client.guid;
    brennan = (await kit.demoClient('Brennan Family')).client.guid;
    const orgRow = await t.deps.database.db.query.organizations.findFirst({
      where: (o, { eq }) => eq(o.id, h.client.organizationId),
    });
    org = `/v1/billing/organizations/${orgRow?.guid}`;

    const bill = (spec: Parameters<typeof kit.insertBill>[1]) => kit.insertBill(HARPER, spec);
    await bill({ status: 'org_approval', amount: 10_000, dueDate: '2026-11-10' }); // overdue
    await bill({ status: 'client_approval', amount: 20_000, dueDate: '2026-11-19' }); // overdue in UTC, due today in LA
    await bill({ status: 'poa_approval', amount: 30_000, dueDate: '2026-11-26' }); // due on the 7th day
    await bill({ status: 'payment_pending', amount: 40_000, dueDate: '2026-11-27' }); // due after the 7 days
    await bill({ status: 'pre_bill', amount: 5_000, dueDate: '2026-11-01' }); // overdue draft
    await bill({ status: 'rejected', amount: 7_000, dueDate: '2026-11-05' }); // rejected: never overdue
    await bill({ status: 'paid', amount: 50_000, dueDate: '2026-11-04', paidDate: '2026-11-03' });
    await bill({ status: 'paid', amount: 30_000, dueDate: '2026-11-04', paidDate: '2026-11-03' });
    await bill({ status: 'paid', amount: 60_000, dueDate: '2026-10-30', paidDate: '2026-10-31' });
    await bill({ status: 'changes_required', amount: 8_000, dueDate: '2026-12-15' });
    await bill({ status: 'org_approval', amount: 100_000, dueDate: '2026-11-22', entity: 'personal' });
    // Another client of the organisation, and another organisation's client.
    await kit.insertBill('Delacroix Estate', {
      status: 'needs_2nd_approval',
      amount: 90_000,
      dueDate: '2026-11-21',
    });
    await kit.insertBill('Delacroix Estate', { status: 'paid', amount: 1_500, paidDate: '2026-11-03' });
    await kit.insertBill('Brennan Family', {
      status: 'org_approval',
      amount: 777_700,
      dueDate: '2026-11-21',
    });
    await kit.insertBill('Brennan Family', { status: 'paid', amount: 777_700, paidDate: '2026-11-03' });
  });

  it("counts a client's bills per status, awaiting approval, due soon, overdue and paid this month", async () => {
    const get = await kit.as(MANAGER);
    const res = await get(`${harper}/summary-metrics`);
    expect(res.statusCode).toBe(200);
    const m = res.json() as SummaryMetrics;
    // Every status is listed, in the workflow's order, zero when there is none.
    expect(m.by_status).toHaveLength(12);
    expect(statusOf(m, 'org_approval')).toEqual({ count: 2, amount: 110_000 });
    expect(statusOf(m, 'paid')).toEqual({ count: 3, amount: 140_000 });
    expect(statusOf(m, 'ofac_approval')).toEqual({ count: 0, amount: 0 });
    expect(m.awaiting_approval).toEqual({ count: 4, amount: 160_000 });
    expect(m.due_next_7_days).toEqual({ count: 2, amount: 130_000 });
    expect(m.overdue).toEqual({ count: 3, amount: 35_000 });
    expect(m.paid_this_month).toEqual({ count: 2, amount: 80_000 });
  });

  it("takes 'today' in the caller's time zone (X-Timezone)", async () => {
    const get = await kit.as(MANAGER);
    const m = (await get(`${harper}/summary-metrics`, LA)).json() as SummaryMetrics;
    // The 19th in Los Angeles: the client-approval bill is due today, the poa bill (26th) is past the week.
    expect(m.due_next_7_days).toEqual({ count: 2, amount: 120_000 });
    expect(m.overdue).toEqual({ count: 2, amount: 15_000 });
    // An unknown zone is UTC.
    const utc = (await get(`${harper}/summary-metrics`, { 'x-timezone': 'Mars/Olympus' })).json();
    expect(utc.overdue).toEqual({ count: 3, amount: 35_000 });
  });

  it('adds every client on the organisation base, narrows by client and entity, and never counts another organisation', async () => {
    const get = await kit.as(MANAGER);
    const all = (await get(`${org}/summary-metrics?client=all-clients&entity=all-entities`)).json();
    expect(all.awaiting_approval).toEqual({ count: 5, amount: 250_000 });
    expect(all.due_next_7_days).toEqual({ count: 3, amount: 220_000 });
    expect(all.paid_this_month).toEqual({ count: 3, amount: 81_500 });
    const oneClient = (await get(`${org}/summary-metrics?client=${delacroix}`)).json();
    expect(statusOf(oneClient, 'needs_2nd_approval')).toEqual({ count: 1, amount: 90_000 });
    expect(oneClient.awaiting_approval).toEqual({ count: 1, amount: 90_000 });
    const oneEntity = (await get(`${org}/summary-metrics?entity=${personalEntity}`)).json();
    expect(oneEntity.awaiting_approval).toEqual({ count: 1, amount: 100_000 });
    expect(statusOf(oneEntity, 'paid').count).toBe(0);
  });

  it("answers 404 for another organisation's client or entity filter, and for another tenant's path", async () => {
    const get = await kit.as(MANAGER);
    const foreign = await get(`${org}/summary-metrics?client=${brennan}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
    const brennanEntity = (await kit.demoClient('Brennan Family')).legal.guid;
    expect(
      (await get(`${org}/by-paid-date?entity=${brennanEntity}&date_from=2026-11-01&date_to=2026-11-30`))
        .statusCode,
    ).toBe(404);
    // An entity of another client of the same organisation is not one of this client's.
    const delacroixEntity = (await kit.demoClient('Delacroix Estate')).legal.guid;
    expect((await get(`${harper}/summary-metrics?entity=${delacroixEntity}`)).statusCode).toBe(404);
    const other = await kit.as('other@second.test');
    expect((await other(`${org}/summary-metrics`)).statusCode).toBe(404);
    expect((await other(`${harper}/summary-metrics`)).statusCode).toBe(404);
  });

  it("gives client users their own client's figures without their excluded vendors or undesignated entities", async () => {
    const { db } = t.deps.database;
    const h = await kit.demoClient(HARPER);
    const other = await kit.vendorOf(h.legal.id, 'Hidden Vendor Inc.');
    await kit.insertBill(HARPER, {
      vendor: 'Hidden Vendor Inc.',
      status: 'org_approval',
      amount: 1_234,
      dueDate: '2026-12-01',
    });
    await db
      .insert(excludedVendors)
      .values({ clientUserId: await kit.clientUserId('client@demo.test', HARPER), vendorId: other.id });
    await db
      .insert(designatedEntities)
      .values({ clientUserId: await kit.clientUserId('designee@demo.test', HARPER), entityId: h.legal.id });

    const staff = (await (await kit.as(MANAGER))(`${harper}/summary-metrics`)).json();
    expect(statusOf(staff, 'org_approval')).toEqual({ count: 3, amount: 111_234 });
    const client = (await (await kit.as('client@demo.test'))(`${harper}/summary-metrics`)).json();
    expect(statusOf(client, 'org_approval')).toEqual({ count: 2, amount: 110_000 });
    // Drafts are staff's unfinished entry: not counted for client users (nor overdue for them).
    expect(statusOf(staff, 'pre_bill').count).toBe(1);
    expect(statusOf(client, 'pre_bill').count).toBe(0);
    expect(client.overdue).toEqual({ count: 2, amount: 30_000 });
    const designee = (await (await kit.as('designee@demo.test'))(`${harper}/summary-metrics`)).json();
    // The personal entity's 1,000 dollars are not the designee's to see.
    expect(statusOf(designee, 'org_approval')).toEqual({ count: 2, amount: 11_234 });
    const observer = await (await kit.as('observer@demo.test'))(`${harper}/summary-metrics`);
    expect(observer.statusCode).toBe(200);
    expect(statusOf(observer.json(), 'org_approval').count).toBe(3);
  });

  it('groups paid bills by paid date, leaving out days without a payment', async () => {
    const get = await kit.as(MANAGER);
    const res = await get(`${harper}/by-paid-date?date_from=2026-10-01&date_to=2026-11-30`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ByPaidDate).results).toEqual([
      { date: '2026-10-31', count: 1, amount: 60_000 },
      { date: '2026-11-03', count: 2, amount: 80_000 },
    ]);
    // Both ends are included.
    const oneDay = (await get(`${harper}/by-paid-date?date_from=2026-11-03&date_to=2026-11-03`)).json();
    expect(oneDay.results).toEqual([{ date: '2026-11-03', count: 2, amount: 80_000 }]);
    const orgWide = (await get(`${org}/by-paid-date?date_from=2026-11-01&date_to=2026-11-30`)).json();
    expect(orgWide.results).toEqual([{ date: '2026-11-03', count: 3, amount: 81_500 }]);
    const none = (await get(`${org}/by-paid-date?date_from=2026-01-01&date_to=2026-01-31`)).json();
    expect(none.results).toEqual([]);
  });

  it('refuses a reversed range, a range over 366 days and a missing date with 400', async () => {
    const get = await kit.as(MANAGER);
    const reversed = await get(`${harper}/by-paid-date?date_from=2026-11-30&date_to=2026-11-01`);
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json())).toEqual(['date_to']);
    // A leap year is 366 days: allowed; one day more is not.
    expect((await get(`${harper}/by-paid-date?date_from=2024-01-01&date_to=2024-12-31`)).statusCode).toBe(
      200,
    );
    const tooLong = await get(`${harper}/by-paid-date?date_from=2024-01-01&date_to=2025-01-01`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().date_to[0]).toMatch(/366 days/);
    const missing = await get(`${harper}/by-paid-date?date_from=2026-11-01`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('date_to');
  });
});
