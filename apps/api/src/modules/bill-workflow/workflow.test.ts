import type { Bill } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { billEvents, bills } from '../bill-core/tables.ts';
import { entities } from '../entities/tables.ts';
import { workflowKit } from './test-support.ts';

describe.each(backends)('bill workflow (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);

  it('takes a bill from entry through supervisor review, client approval and payment to paid', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const manager = await k.as('manager@demo.test');
    const client = await k.as('client@demo.test');
    const observer = await k.as('observer@demo.test');
    const lead = await k.staff('Lead');

    const bill = await k.enter(associate);
    expect(bill.status).toBe('org_approval');
    let tasks = await k.tasksOf(bill.guid);
    // Assigned to Harper: the associate (no review permission) and the manager, who reviews.
    const managerMember = await k.memberId('manager@demo.test');
    expect(tasks.map((x) => [x.kind, x.status, x.assignedOrganizationUserId])).toEqual([
      ['approve_org_approval', 'ready', managerMember],
    ]);

    // The associate may not review; the client cannot approve before supervisor review.
    let res = await k.workflow(associate, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/Approve bills at supervisor review/);
    res = await k.workflow(client, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);

    res = await k.workflow(lead.as, bill, { action: 'approve', version: bill.version });
    expect(res.statusCode, res.body).toBe(200);
    const reviewed = res.json() as Bill;
    expect(reviewed.status).toBe('client_approval');
    expect(reviewed.version).toBe(bill.version + 1);
    expect(reviewed.plan.find((s) => s.kind === 'org_approval')?.result).toBe('approved');

    // The same approval again, on the version it saw: the bill moved on.
    res = await k.workflow(lead.as, bill, { action: 'approve', version: bill.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');

    // Observers read only; a designee may approve only up to its limit; staff cannot approve for the client.
    res = await k.workflow(observer, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    const smallDesignee = await k.clientUser('designee', 10_000);
    res = await k.workflow(smallDesignee.as, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('This bill is above your approval limit.');
    res = await k.workflow(manager, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/record a verbal approval/);

    const asClient = await client.get(`${(await k.books()).bill(bill.guid)}`);
    expect(asClient.json().can).toMatchObject({
      approve: true,
      reject: true,
      revise: true,
      reverse_payment: false,
    });

    res = await k.workflow(client, bill, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_pending');
    tasks = await k.tasksOf(bill.guid);
    expect(tasks.map((x) => [x.kind, x.status])).toEqual([
      ['approve_org_approval', 'completed'],
      ['approve_client_approval', 'completed'],
      ['approve_ach', 'ready'],
    ]);
    expect(tasks.find((x) => x.kind === 'approve_client_approval')?.completedByUserId).toBe(
      (await k.statusOf(bill.guid)) && (await k.approvalsOf(bill.guid))[1]?.userId,
    );
    expect(tasks.find((x) => x.kind === 'approve_org_approval')?.completedByUserId).toBe(lead.user.id);
    expect(tasks.find((x) => x.kind === 'approve_ach')?.assignedOrganizationUserId).toBe(managerMember);

    // Approve no longer pays: it points to record-payment and leaves the bill waiting.
    res = await k.workflow(manager, bill, { action: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'record_payment_required' });
    expect(res.json().detail).toMatch(/Record the payment/);
    expect((await k.statusOf(bill.guid))?.status).toBe('payment_pending');
    const pending = (await manager.get((await k.books()).bill(bill.guid))).json() as Bill;
    expect(pending.can).toMatchObject({ approve: false, record_payment: true });

    // Paying: "today" is the caller's day (X-Timezone), and the payment may be dated up to it.
    const payer = await k.as('manager@demo.test', { 'x-timezone': 'Pacific/Kiritimati' });
    const kiritimatiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      t.deps.now(),
    );
    res = await k.pay(payer, bill, { payment_date: kiritimatiToday, reference: 'ACH-TRACE-778' });
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json() as Bill;
    expect(paid.status).toBe('paid');
    expect(paid.paid_date).toBe(kiritimatiToday);
    expect(paid.payment_reference).toBe('ACH-TRACE-778');
    expect(paid.paid_from_account).toMatchObject({ name: 'Operating account', account_last4: '4821' });
    expect(paid.can.record_payment).toBe(false);
    expect((await k.tasksOf(bill.guid)).every((x) => x.status !== 'ready')).toBe(true);
    res = await k.workflow(manager, bill, { action: 'approve' });
    expect(res.statusCode).toBe(409);
    res = await k.pay(manager, bill);
    expect(res.statusCode).toBe(409);

    const events = await t.deps.database.db
      .select()
      .from(billEvents)
      .where(eq(billEvents.billId, (await k.statusOf(bill.guid))?.id ?? 0));
    expect(
      events
        .filter((e) => e.kind === 'bill_workflow_changed')
        .map((e) => [e.fromStatus, e.toStatus, e.data.action]),
    ).toEqual(
      expect.arrayContaining([
        ['org_approval', 'client_approval', 'approve'],
        ['client_approval', 'payment_pending', 'approve'],
        ['payment_pending', 'paid', 'record_payment'],
      ]),
    );
    const payment = events.find((e) => e.data.action === 'record_payment');
    expect(payment?.data).toMatchObject({
      payment_date: kiritimatiToday,
      paid_from: 'Operating account ••4821',
      reference: 'ACH-TRACE-778',
    });
  });

  it('submits a pre-bill draft into the workflow when staff approve it', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const draft = await k.enter(associate, { draft: true });
    expect(draft.status).toBe('pre_bill');
    expect(draft.can.approve).toBe(true);
    // Drafts are staff's unfinished work: the client does not see them.
    expect((await k.workflow(await k.as('client@demo.test'), draft, { action: 'approve' })).statusCode).toBe(
      404,
    );
    const res = await k.workflow(associate, draft, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('org_approval');
    expect((await k.tasksOf(draft.guid)).map((x) => [x.kind, x.status])).toEqual([
      ['approve_org_approval', 'ready'],
    ]);
  });

  it('keeps the creator out of supervisor review (four eyes)', async () => {
    const k = kit();
    const lead = await k.staff('Lead');
    const bill = await k.enter(lead.as);
    const res = await k.workflow(lead.as, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'You created this bill; another reviewer must approve it.',
      code: 'permission_denied',
    });
    expect(await k.approvalsOf(bill.guid)).toHaveLength(0);
  });

  it('needs a second, different client approver above the multiple-approver threshold', async () => {
    const k = kit();
    const b = await k.books();
    await t.deps.database.db
      .update(entities)
      .set({ enableMultipleApprovers: true, multipleApproverThreshold: 1_000 })
      .where(eq(entities.id, b.legal.id));
    try {
      const associate = await k.as('associate@demo.test');
      const lead = await k.staff('Lead');
      const client = await k.as('client@demo.test');
      const designee = await k.as('designee@demo.test');
      const bill = await k.enter(associate, {
        amount: 5_000,
        lines: [{ account: b.electricity.guid, amount: 5_000 }],
      });
      expect((await k.workflow(lead.as, bill, { action: 'approve' })).statusCode).toBe(200);
      let res = await k.workflow(client, bill, { action: 'approve' });
      expect(res.json().status).toBe('needs_2nd_approval');
      res = await k.workflow(client, bill, { action: 'approve' });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/different approver/);
      res = await k.workflow(designee, bill, { action: 'approve' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('payment_pending');
      const [row] = await t.deps.database.db.select().from(bills).where(eq(bills.guid, bill.guid));
      const events = await t.deps.database.db
        .select()
        .from(billEvents)
        .where(eq(billEvents.billId, row?.id ?? 0));
      expect(events.some((e) => e.kind === 'bill_2nd_approval')).toBe(true);
    } finally {
      await t.deps.database.db
        .update(entities)
        .set({ enableMultipleApprovers: false, multipleApproverThreshold: 0 })
        .where(eq(entities.id, b.legal.id));
    }
  });

  it('needs a Manager other than the supervisor reviewer above $10,000', async () => {
    const k = kit();
    const b = await k.books();
    const associate = await k.as('associate@demo.test');
    const manager = await k.as('manager@demo.test');
    const lead = await k.staff('Lead');
    const client = await k.as('client@demo.test');
    const amount = 1_000_001;
    const bill = await k.enter(associate, { amount, lines: [{ account: b.electricity.guid, amount }] });
    expect((await k.workflow(manager, bill, { action: 'approve' })).statusCode).toBe(200);
    expect((await k.workflow(client, bill, { action: 'approve' })).json().status).toBe('org_approval');
    // A Lead lacks the third level; the Manager who reviewed it may not give it again.
    let res = await k.workflow(lead.as, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/Approve bills above \$10,000/);
    res = await k.workflow(manager, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/different approver/);
    const otherManager = await k.staff('Manager');
    res = await k.workflow(otherManager.as, bill, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_pending');
  });

  it('sends a wire to POA approval by a POA Approval staff member', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const poa = await k.staff('POA Approval');
    const client = await k.as('client@demo.test');
    const bill = await k.enter(associate, { payment_method: 'wire' });
    await k.workflow(lead.as, bill, { action: 'approve' });
    expect((await k.workflow(client, bill, { action: 'approve' })).json().status).toBe('poa_approval');
    expect((await k.tasksOf(bill.guid)).find((x) => x.status === 'ready')?.kind).toBe('approve_poa');
    let res = await k.workflow(lead.as, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    res = await k.workflow(poa.as, bill, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_pending');
    expect((await k.tasksOf(bill.guid)).find((x) => x.status === 'ready')?.kind).toBe('approve_wire');
  });

  it('records a verbal approval by staff and needs a second staff member to confirm it', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const reviewer = await k.staff('Lead');
    const recorder = await k.staff('Lead');
    const confirmer = await k.staff('Supervisor');
    const client = await k.as('client@demo.test');
    const bill = await k.enter(associate);
    await k.workflow(reviewer.as, bill, { action: 'approve' });
    // Associates may not take phone approvals.
    expect((await k.workflow(associate, bill, { action: 'approve', verbal: true })).statusCode).toBe(403);
    let res = await k.workflow(recorder.as, bill, { action: 'approve', verbal: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('verbal_approval');
    expect(res.json().plan.find((s: { kind: string }) => s.kind === 'client_approval').verbal_pending).toBe(
      true,
    );
    expect((await k.tasksOf(bill.guid)).filter((x) => x.status === 'ready').map((x) => x.kind)).toEqual([
      'approve_verbal_approval',
    ]);
    res = await k.workflow(recorder.as, bill, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/another staff member must confirm/);
    res = await k.workflow(client, bill, { action: 'approve' });
    expect(res.statusCode).toBe(409);
    res = await k.workflow(confirmer.as, bill, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_pending');
    const [row] = await k
      .approvalsOf(bill.guid)
      .then((rows) => rows.filter((r) => r.step === 'client_approval'));
    expect(row).toMatchObject({
      verbal: true,
      userId: recorder.user.id,
      confirmedByUserId: confirmer.user.id,
    });
    expect((await k.tasksOf(bill.guid)).find((x) => x.kind === 'approve_verbal_approval')?.status).toBe(
      'completed',
    );
  });

  it('rejects with a reason; "other" needs a description; a rejected bill is not approved', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const client = await k.as('client@demo.test');
    const bill = await k.enter(associate);
    await k.workflow(lead.as, bill, { action: 'approve' });
    let res = await k.workflow(client, bill, { action: 'reject' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('reject_reason');
    res = await k.workflow(client, bill, { action: 'reject', reject_reason: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('reject_other_description');
    res = await k.workflow(client, bill, {
      action: 'reject',
      reject_reason: 'other',
      reject_other_description: 'We cancelled this service.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      reject_reason: 'other',
      reject_other_description: 'We cancelled this service.',
    });
    expect((await k.approvalsOf(bill.guid)).map((r) => [r.step, r.result])).toEqual([
      ['org_approval', 'approved'],
      ['client_approval', 'rejected'],
    ]);
    expect(
      (await k.tasksOf(bill.guid)).every((x) => x.status === 'completed' || x.status === 'cancelled'),
    ).toBe(true);
    res = await k.workflow(client, bill, { action: 'approve' });
    expect(res.statusCode).toBe(409);
  });

  it('sends a bill back with revise (changes_required) and the reason', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const client = await k.as('client@demo.test');
    const bill = await k.enter(associate);
    await k.workflow(lead.as, bill, { action: 'approve' });
    const b = await k.books();
    let res = await client.post(`${b.bill(bill.guid)}/workflow/revise`, { reason: '' });
    expect(res.statusCode).toBe(400);
    res = await client.post(`${b.bill(bill.guid)}/workflow/revise`, { reason: 'The amount should be $100.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'changes_required',
      revise_reason: 'The amount should be $100.',
    });
    expect((await k.tasksOf(bill.guid)).filter((x) => x.status === 'ready')).toHaveLength(0);
    // Through the action too, on another bill: staff at supervisor review.
    const other = await k.enter(associate);
    res = await k.workflow(lead.as, other, { action: 'revise', reason: 'Attach the invoice.' });
    expect(res.json().status).toBe('changes_required');
  });

  it('reverses a payment: paid back to payment_pending, paid date cleared, payment task reopened', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const manager = await k.as('manager@demo.test');
    const lead = await k.staff('Lead');
    const client = await k.as('client@demo.test');
    const bill = await k.enter(associate);
    const b = await k.books();
    await k.workflow(lead.as, bill, { action: 'approve' });
    await k.workflow(client, bill, { action: 'approve' });
    let res = await manager.post(`${b.bill(bill.guid)}/workflow/reverse-payment`, { reason: 'Not paid yet' });
    expect(res.statusCode).toBe(409);
    expect((await k.pay(manager, bill)).statusCode).toBe(200);
    res = await lead.as.post(`${b.bill(bill.guid)}/workflow/reverse-payment`, { reason: 'Bounced' });
    expect(res.statusCode).toBe(403);
    res = await manager.post(`${b.bill(bill.guid)}/workflow/reverse-payment`, {
      reason: 'The check bounced.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'payment_pending',
      paid_date: null,
      payment_reference: null,
      paid_from_account: null,
    });
    const tasks = await k.tasksOf(bill.guid);
    expect(tasks.filter((x) => x.kind === 'approve_ach').map((x) => x.status)).toEqual([
      'completed',
      'ready',
    ]);
    expect((await k.approvalsOf(bill.guid)).some((r) => r.step === 'payment_pending')).toBe(false);
    res = await k.pay(manager, bill);
    expect(res.json().status).toBe('paid');
  });

  it('creates no payment task for an autopay bill', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const client = await k.as('client@demo.test');
    const bill = await k.enter(associate, { payment_method: 'auto' });
    await k.workflow(lead.as, bill, { action: 'approve' });
    expect((await k.workflow(client, bill, { action: 'approve' })).json().status).toBe('payment_pending');
    expect((await k.tasksOf(bill.guid)).filter((x) => x.status === 'ready')).toHaveLength(0);
  });

  it("answers 404 for another tenant's bill and for a bill of another client", async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const bill = await k.enter(associate);
    const b = await k.books();
    const other = await k.as('other@second.test');
    let res = await other.post(`${b.bill(bill.guid)}/workflow`, { action: 'approve' });
    expect(res.statusCode).toBe(404);
    const multi = await k.as('multi@demo.test');
    const [lindqvist] = await t.deps.database.db
      .select()
      .from((await import('../clients/tables.ts')).clients)
      .where(eq((await import('../clients/tables.ts')).clients.name, 'Lindqvist Trust'));
    res = await multi.post(`/v1/billing/clients/${lindqvist?.guid}/bills/${bill.guid}/workflow`, {
      action: 'approve',
    });
    expect(res.statusCode).toBe(404);
    res = await other.get(`${b.bill(bill.guid)}/tasks`);
    expect(res.statusCode).toBe(404);
  });

  it('lists a bill’s tasks to staff only', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const bill = await k.enter(associate);
    const b = await k.books();
    const res = await associate.get(`${b.bill(bill.guid)}/tasks`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      {
        kind: 'approve_org_approval',
        status: 'ready',
        step: 'org_approval',
        permission: 'bills.approve_org',
      },
    ]);
    expect((await (await k.as('client@demo.test')).get(`${b.bill(bill.guid)}/tasks`)).statusCode).toBe(403);
  });
});
