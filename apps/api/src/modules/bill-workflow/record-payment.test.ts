import { randomUUID } from 'node:crypto';
import type { Bill, BillQueueItem, BulkApproveRejectResult } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { caller } from '../../test/org-admin.ts';
import { billBooks } from '../bills/test-support.ts';
import { clientInstitutions } from '../client-records/tables.ts';
import { clients } from '../clients/tables.ts';
import { workflowKit } from './test-support.ts';

describe.each(backends)('record payment (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);
  const today = () => new Date(t.deps.now()).toISOString().slice(0, 10);
  const tomorrow = () => new Date(t.deps.now().getTime() + 86_400_000).toISOString().slice(0, 10);

  it('checks the payment details against the bill: date, account of its client, reference for its method', async () => {
    const k = kit();
    const manager = await k.as('manager@demo.test');
    const ach = await k.paymentPendingBill();

    let res = await k.pay(manager, ach, { payment_date: tomorrow(), reference: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      payment_date: ['The payment date cannot be after today.'],
      reference: ['Enter the reference of this payment (ACH trace or batch number).'],
    });
    // An account of another client (Lindqvist's) is not Harper's to pay from.
    const [lindqvist] = await t.deps.database.db
      .select({ guid: clientInstitutions.guid })
      .from(clientInstitutions)
      .innerJoin(clients, eq(clients.id, clientInstitutions.clientId))
      .where(eq(clients.name, 'Lindqvist Trust'));
    res = await k.pay(manager, ach, { paid_from_account: lindqvist?.guid ?? randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ paid_from_account: ["Choose one of the client's accounts."] });
    res = await k.pay(manager, ach, { payment_date: 'yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().payment_date).toBeDefined();
    expect((await k.statusOf(ach.guid))?.status).toBe('payment_pending');

    // Autopay needs no reference; an earlier date is fine.
    const auto = await k.paymentPendingBill({ payment_method: 'auto' });
    res = await k.pay(manager, auto, { reference: null, payment_date: '2026-01-02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', paid_date: '2026-01-02', payment_reference: null });
  });

  it('is for staff holding the payment permission, on a bill waiting for its payment', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const client = await k.as('client@demo.test');
    const bill = await k.paymentPendingBill();
    let res = await k.pay(client, bill);
    expect(res.statusCode).toBe(403);
    res = await k.pay(associate, bill);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/permission/);
    const early = await k.enter(associate);
    res = await k.pay(await k.as('manager@demo.test'), early);
    expect(res.statusCode).toBe(409);
    // Another organisation's staff do not see the bill at all.
    res = await k.pay(await k.as('other@second.test'), bill);
    expect(res.statusCode).toBe(404);
  });

  it('shows the payment on the bill and in its history, and replays a repeated Idempotency-Key', async () => {
    const k = kit();
    const bill = await k.paymentPendingBill();
    const manager = await k.as('manager@demo.test');
    const tokens = await login(t.app, 'manager@demo.test');
    const keyed = caller(t, tokens, { 'idempotency-key': randomUUID() });
    const first = await k.pay(keyed, bill, { reference: 'CHK-1001' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await k.pay(keyed, bill, { reference: 'CHK-1001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same key for other details is refused rather than replayed.
    expect((await k.pay(keyed, bill, { reference: 'CHK-1002' })).statusCode).toBe(422);

    const b = await k.books();
    const page = (await manager.get(b.bill(bill.guid))).json() as Bill;
    expect(page).toMatchObject({
      status: 'paid',
      paid_date: today(),
      payment_reference: 'CHK-1001',
      paid_from_account: { name: 'Operating account', account_last4: '4821' },
    });
    const events = (await manager.get(`${b.bill(bill.guid)}/events?page_size=100`)).json().results as {
      from_status: string;
      to_status: string;
      data: Record<string, unknown>;
    }[];
    const paid = events.filter((e) => e.data.action === 'record_payment');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      from_status: 'payment_pending',
      to_status: 'paid',
      data: { payment_date: today(), paid_from: 'Operating account ••4821', reference: 'CHK-1001' },
    });
  });

  it('records one payment on many bills, each with its own result', async () => {
    const k = kit();
    const manager = await k.as('manager@demo.test');
    const first = await k.paymentPendingBill();
    const second = await k.paymentPendingBill({ payment_method: 'check' });
    const waiting = await k.enter(await k.as('associate@demo.test'));
    const brennan = await billBooks(t, 'Brennan Family');
    const foreign = (
      await (await k.as('other@second.test')).post(brennan.base, brennan.request())
    ).json() as Bill;
    const b = await k.books();
    const url = `/v1/billing/organizations/${b.org.guid}/bulk-record-payment`;

    const res = await manager.post(url, {
      bills: [first.guid, waiting.guid, foreign.guid, second.guid],
      payment_date: today(),
      paid_from_account: await k.payingAccount(),
      reference: 'BATCH-42',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json() as BulkApproveRejectResult).results.map((r) => [r.bill, r.ok, r.status, r.code]),
    ).toEqual([
      [first.guid, true, 'paid', null],
      [waiting.guid, false, null, 'conflict'],
      [foreign.guid, false, null, 'not_found'],
      [second.guid, true, 'paid', null],
    ]);
    expect((await k.statusOf(second.guid))?.paymentReference).toBe('BATCH-42');

    // Without a reference, the ACH bill is refused in its row; the autopay bill is paid.
    const ach = await k.paymentPendingBill();
    const auto = await k.paymentPendingBill({ payment_method: 'auto' });
    const partial = await manager.post(url, {
      bills: [ach.guid, auto.guid],
      payment_date: today(),
      paid_from_account: await k.payingAccount(),
    });
    expect((partial.json() as BulkApproveRejectResult).results.map((r) => [r.ok, r.code, r.detail])).toEqual([
      [false, 'invalid', 'Enter the reference of this payment (ACH trace or batch number).'],
      [true, null, null],
    ]);
    // A date after today refuses the whole request's bills alike.
    const late = await manager.post(url, {
      bills: [ach.guid],
      payment_date: tomorrow(),
      paid_from_account: await k.payingAccount(),
      reference: 'X',
    });
    expect((late.json() as BulkApproveRejectResult).results[0]).toMatchObject({ ok: false, code: 'invalid' });
  });

  it("gives each queue bill the caller's allowed actions, with approve never offered for payment", async () => {
    const k = kit();
    const bill = await k.paymentPendingBill();
    const associate = await k.as('associate@demo.test');
    const waiting = await k.enter(associate);
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const list = async (by: typeof manager, queue: string) =>
      ((await by.get(`${b.queues}?queue=${queue}&page_size=100`)).json().results as BillQueueItem[]).reduce(
        (found, item) => found.set(item.guid, item.can),
        new Map<string, BillQueueItem['can']>(),
      );
    const pending = await list(manager, 'payment-pending');
    expect(pending.get(bill.guid)).toMatchObject({ approve: false, record_payment: true, reject: true });
    expect((await list(associate, 'payment-pending')).get(bill.guid)).toMatchObject({
      approve: false,
      record_payment: false,
    });
    // The associate created `waiting`: no supervisor review of its own bill; the manager may give it.
    expect((await list(associate, 'org-approval')).get(waiting.guid)?.approve).toBe(false);
    expect((await list(manager, 'org-approval')).get(waiting.guid)?.approve).toBe(true);
    // In client approval, staff may not approve but may record a phone approval.
    const lead = await k.staff('Lead');
    await k.workflow(lead.as, waiting, { action: 'approve' });
    expect((await list(manager, 'client-approval')).get(waiting.guid)).toMatchObject({
      approve: false,
      record_verbal_approval: true,
    });
    // ...which the queue's bulk call does with verbal: true; the bill then waits on a second staff member.
    const res = await manager.post(`/v1/billing/organizations/${b.org.guid}/bulk-approve-reject`, {
      bills: [waiting.guid],
      action: 'approve',
      verbal: true,
    });
    expect((res.json() as BulkApproveRejectResult).results[0]).toMatchObject({
      ok: true,
      status: 'verbal_approval',
    });
    expect((await list(manager, 'verbal-approval')).get(waiting.guid)?.approve).toBe(false);
  });
});
