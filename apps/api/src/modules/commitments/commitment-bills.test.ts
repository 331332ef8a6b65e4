import type {
  Bill,
  CashOutflow,
  CommitmentBillTemplate,
  CommitmentInstance,
  MonthlyOverview,
} from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { billEvents, bills } from '../bill-core/tables.ts';
import { commitmentKit } from './test-support.ts';

const START = new Date('2026-03-02T15:00:00Z');

describe.each(backends)('bills from commitments (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => commitmentKit(t);
  afterEach(() => {
    t.clock.now = new Date();
  });

  async function eventsOf(billGuid: string) {
    const { db } = t.deps.database;
    const [row] = await db.select().from(bills).where(eq(bills.guid, billGuid));
    return db
      .select()
      .from(billEvents)
      .where(and(eq(billEvents.billId, row?.id ?? 0)));
  }

  it('a bill within the allowable threshold skips the client step; one outside is routed to the client', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const manager = await k.as('manager@demo.test');
    // Harper Household Holdings LLC allows 5%: $150.00 expected, $157.50 at most.
    const commitment = await k.enter({ memo: 'Threshold' });
    const url = u.commitment(commitment.id);

    let res = await associate.post(`${url}/generate-template`);
    expect(res.statusCode, res.body).toBe(200);
    const template = res.json() as CommitmentBillTemplate;
    expect(template.instance).toMatchObject({ due_date: '2026-03-13', status: 'upcoming', bill: null });
    expect(template.bill).toEqual({
      entity: u.legal.guid,
      vendor: u.power.guid,
      amount: 15_000,
      due_date: '2026-03-13',
      payment_method: 'ach',
      invoice_source: 'no_invoice',
      lines: [
        { account: u.electricity.guid, division: u.mainResidence.guid, memo: 'Threshold', amount: 15_000 },
      ],
      commitment_id: commitment.id,
      instance: template.instance.guid,
    });

    // Within: $157.50.
    res = await associate.post(`${url}/instances/${template.instance.guid}/bill`, { amount: 15_750 });
    expect(res.statusCode, res.body).toBe(201);
    const within = res.json() as Bill;
    expect(within).toMatchObject({ commitment_id: commitment.id, expected_amount: 15_000, amount: 15_750 });
    expect(within.plan.find((s) => s.kind === 'client_approval')).toMatchObject({
      skipped: true,
      result: 'not_needed',
    });
    expect((await eventsOf(within.guid)).map((e) => e.kind)).toContain('bill_auto_approved');
    // The same instance again: it has its bill.
    res = await associate.post(`${url}/instances/${template.instance.guid}/bill`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This instance already has a bill.');

    // The next template is the next instance; outside the threshold: $157.51.
    const next = (await associate.post(`${url}/generate-template`)).json() as CommitmentBillTemplate;
    expect(next.instance.due_date).toBe('2026-04-15');
    res = await associate.post(`${url}/instances/${next.instance.guid}/bill`, {
      amount: 15_751,
      invoice_number: 'PPL-APR',
      lines: [{ account: u.electricity.guid, amount: 15_751, memo: 'April' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const outside = res.json() as Bill;
    expect(outside.plan.find((s) => s.kind === 'client_approval')).toMatchObject({
      skipped: false,
      result: null,
    });
    expect((await eventsOf(outside.guid)).map((e) => e.kind)).not.toContain('bill_auto_approved');

    // After supervisor review the first goes to payment, the second waits on the client.
    for (const bill of [within, outside]) {
      res = await k.workflow(manager, bill, { action: 'approve' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await k.statusOf(within.guid))?.status).toBe('payment_pending');
    expect((await k.statusOf(outside.guid))?.status).toBe('client_approval');

    // Both instances are linked to their bills; the commitment lists both bills.
    const instances = (await associate.get(`${url}/instances`)).json().results as CommitmentInstance[];
    expect(instances.map((i) => [i.status, i.bill?.guid ?? null])).toEqual([
      ['billed', within.guid],
      ['billed', outside.guid],
      ['upcoming', null],
    ]);
    const list = (await associate.get(`${url}/bills`)).json();
    expect(list.results.map((b: { guid: string }) => b.guid).sort()).toEqual(
      [within.guid, outside.guid].sort(),
    );

    // Lines without an account and a bad sum are refused by field.
    const third = instances[2]?.guid;
    res = await associate.post(`${url}/instances/${third}/bill`, {
      amount: 100,
      lines: [{ account: u.electricity.guid, amount: 99 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ lines: ['The lines must add up to the bill amount.'] });
    // Client users may read the template's commitment but not enter bills.
    const client = await k.as('client@demo.test');
    expect((await client.post(`${url}/instances/${third}/bill`, {})).statusCode).toBe(403);
  });

  it('cash outflow: committed by month and category, pending, then paid when the bill is paid', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const manager = await k.as('manager@demo.test');
    const client = await k.as('client@demo.test');
    const outflow = async () => {
      const res = await client.get(`${u.commitments}/cash-outflow?entity=${u.legal.guid}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CashOutflow;
    };
    /** A category's figures in the month at `index` (zeros when absent). */
    const figure = (o: CashOutflow, index: number, category: string) =>
      o.months[index]?.by_category.find((c) => c.category === category) ?? {
        category,
        committed: 0,
        count: 0,
        variable_count: 0,
      };
    const empty = await outflow();
    const yearly = await k.enter({
      category: 'property_tax',
      frequency: 'yearly',
      due_month: 11,
      due_day: 30,
      expected_amount: 500_000,
      memo: 'Tax',
    });
    await k.enter({
      category: 'insurance',
      frequency: 'monthly',
      is_variable: true,
      due_day: 1,
      memo: 'Var',
    });
    const monthly = await k.enter({ memo: 'Outflow' });
    const before = await outflow();
    expect(before.months.map((m) => m.month)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    // March: one more electricity instance ($150).
    expect(figure(before, 0, 'utilities').committed - figure(empty, 0, 'utilities').committed).toBe(15_000);
    expect(figure(before, 0, 'utilities').count - figure(empty, 0, 'utilities').count).toBe(1);
    // November (month 8, past the generated horizon: from the schedule): the tax on Monday Nov 30.
    // September: the variable insurance counted apart at 0 (not December: January 1 is due on Dec 31).
    expect(figure(before, 8, 'property_tax').committed - figure(empty, 8, 'property_tax').committed).toBe(
      500_000,
    );
    expect(figure(before, 8, 'property_tax').count - figure(empty, 8, 'property_tax').count).toBe(1);
    expect(figure(before, 6, 'insurance').variable_count - figure(empty, 6, 'insurance').variable_count).toBe(
      1,
    );
    expect(figure(before, 6, 'insurance').committed).toBe(figure(empty, 6, 'insurance').committed);
    expect(before.totals.committed - empty.totals.committed).toBe(500_000 + 12 * 15_000);
    expect(yearly.next_due_date).toBe('2026-11-30');

    // Enter March's electricity bill: pending; pay it: paid in March.
    const template = (await associate.post(`${u.commitment(monthly.id)}/generate-template`)).json();
    const res = await associate.post(
      `${u.commitment(monthly.id)}/instances/${template.instance.guid}/bill`,
      {},
    );
    expect(res.statusCode, res.body).toBe(201);
    const bill = res.json() as Bill;
    const pending = await outflow();
    expect(pending.months[0]?.pending).toBe((before.months[0]?.pending ?? 0) + 15_000);
    expect(pending.months[0]?.paid).toBe(before.months[0]?.paid);
    // Within the threshold: supervisor review, then payment.
    expect((await k.workflow(manager, bill, { action: 'approve' })).statusCode).toBe(200);
    const paying = await k.pay(manager, bill);
    expect(paying.statusCode, paying.body).toBe(200);
    expect(paying.json().status).toBe('paid');
    const paid = await outflow();
    expect(paid.months[0]?.paid).toBe((before.months[0]?.paid ?? 0) + 15_000);
    expect(paid.months[0]?.pending).toBe(before.months[0]?.pending);
    expect(paid.totals.paid).toBe(before.totals.paid + 15_000);

    const overview = (
      await client.get(`${u.commitments}/monthly-overview?entity=${u.legal.guid}`)
    ).json() as MonthlyOverview;
    expect(overview.months[0]?.paid).toBe(paid.months[0]?.paid);
    expect(overview.months[0]?.instances.paid).toBeGreaterThanOrEqual(1);
    const tax = overview.categories.find((c) => c.category === 'property_tax');
    // The table and the chart agree: the same figures by category and month.
    expect(tax?.committed[8]).toBe(figure(paid, 8, 'property_tax').committed);
    expect(tax?.total).toBe(
      paid.months.reduce((sum, _m, i) => sum + figure(paid, i, 'property_tax').committed, 0),
    );
    // Another tenant's entity in the filter: 404.
    expect(
      (await client.get(`${u.commitments}/cash-outflow?entity=00000000-0000-4000-8000-000000000000`))
        .statusCode,
    ).toBe(404);
  });
});
