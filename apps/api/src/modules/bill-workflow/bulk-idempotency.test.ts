import { randomUUID } from 'node:crypto';
import type { Bill, BulkApproveRejectResult } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { caller } from '../../test/org-admin.ts';
import { billBooks } from '../bills/test-support.ts';
import { clientUsers } from '../clients/tables.ts';
import { outbox } from '../notifications/tables.ts';
import { users } from '../users/tables.ts';
import { workflowKit } from './test-support.ts';

describe.each(backends)('bulk approve/reject, idempotency, awaiting-approval (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);

  it('approves or rejects many bills, each with its own result', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const reviewer = await k.staff('Supervisor');
    const first = await k.enter(associate);
    const second = await k.enter(associate);
    const own = await k.enter(lead.as);
    // Another organisation's bill: not found in its row, never touched.
    const brennan = await billBooks(t, 'Brennan Family');
    const secondOrg = await k.as('other@second.test');
    const foreign = (await secondOrg.post(brennan.base, brennan.request())).json() as Bill;
    const unknown = randomUUID();
    const b = await k.books();

    let res = await lead.as.post(`/v1/billing/organizations/${b.org.guid}/bulk-approve-reject`, {
      bills: [first.guid, own.guid, foreign.guid, second.guid, unknown],
      action: 'approve',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as BulkApproveRejectResult;
    expect(results.map((r) => [r.bill, r.ok, r.status, r.code])).toEqual([
      [first.guid, true, 'client_approval', null],
      [own.guid, false, null, 'permission_denied'],
      [foreign.guid, false, null, 'not_found'],
      [second.guid, true, 'client_approval', null],
      [unknown, false, null, 'not_found'],
    ]);
    expect(results[1]?.detail).toBe('You created this bill; another reviewer must approve it.');
    expect((await k.statusOf(foreign.guid))?.status).toBe('org_approval');

    // The client approves what waits on it and is refused what waits on staff.
    const client = await k.as('client@demo.test');
    res = await client.post(`/v1/billing/clients/${b.client.guid}/bulk-approve-reject`, {
      bills: [first.guid, own.guid],
      action: 'approve',
    });
    expect((res.json() as BulkApproveRejectResult).results.map((r) => [r.ok, r.status])).toEqual([
      [true, 'payment_pending'],
      [false, null],
    ]);

    // Reject needs a reason (and a description for "other").
    res = await reviewer.as.post(`/v1/billing/clients/${b.client.guid}/bulk-approve-reject`, {
      bills: [own.guid],
      action: 'reject',
    });
    expect(res.statusCode).toBe(400);
    res = await reviewer.as.post(`/v1/billing/clients/${b.client.guid}/bulk-approve-reject`, {
      bills: [own.guid],
      action: 'reject',
      reject_reason: 'other',
    });
    expect(res.statusCode).toBe(400);
    res = await reviewer.as.post(`/v1/billing/clients/${b.client.guid}/bulk-approve-reject`, {
      bills: [own.guid, second.guid],
      action: 'reject',
      reject_reason: 'duplicate',
    });
    expect((res.json() as BulkApproveRejectResult).results.map((r) => [r.ok, r.status])).toEqual([
      [true, 'rejected'],
      [true, 'rejected'],
    ]);
    // Staff of another organisation reach neither the organisation's nor the client's bulk route.
    expect(
      (
        await secondOrg.post(`/v1/billing/organizations/${b.org.guid}/bulk-approve-reject`, {
          bills: [first.guid],
          action: 'approve',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key for another request', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const bill = await k.enter(associate);
    const b = await k.books();
    const key = randomUUID();
    const keyed = caller(
      t,
      await (await import('../../test/build-test-app.ts')).login(t.app, lead.user.email),
      {
        'idempotency-key': key,
      },
    );
    const url = `${b.bill(bill.guid)}/workflow`;
    const first = await keyed.post(url, { action: 'approve' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyed.post(url, { action: 'approve' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await k.statusOf(bill.guid))?.version).toBe(bill.version + 1);
    expect(await k.approvalsOf(bill.guid)).toHaveLength(1);

    const reused = await keyed.post(url, { action: 'revise', reason: 'Something else' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');

    // A refusal is replayed too: the same keyed request gets the same 403 even after things change.
    const refusedKey = caller(
      t,
      await (await import('../../test/build-test-app.ts')).login(t.app, 'associate@demo.test'),
      {
        'idempotency-key': randomUUID(),
      },
    );
    const other = await k.enter(lead.as);
    const refused = await refusedKey.post(`${b.bill(other.guid)}/workflow`, { action: 'approve' });
    expect(refused.statusCode).toBe(403);
    expect((await refusedKey.post(`${b.bill(other.guid)}/workflow`, { action: 'approve' })).json()).toEqual(
      refused.json(),
    );
  });

  // The billing queues send every bulk chunk with an Idempotency-Key. The organisation route used to read
  // each bill's client outside the key's transaction, which on PGlite (one connection) never answered.
  it("answers the organisation's bulk call sent with an Idempotency-Key, and replays it", async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const first = await k.enter(associate);
    const second = await k.enter(associate);
    const b = await k.books();
    const { login } = await import('../../test/build-test-app.ts');
    const keyed = caller(t, await login(t.app, lead.user.email), { 'idempotency-key': randomUUID() });
    const url = `/v1/billing/organizations/${b.org.guid}/bulk-approve-reject`;
    const body = { bills: [first.guid, second.guid], action: 'approve' };
    const res = await keyed.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkApproveRejectResult).results.map((r) => [r.bill, r.ok, r.status])).toEqual([
      [first.guid, true, 'client_approval'],
      [second.guid, true, 'client_approval'],
    ]);
    const again = await keyed.post(url, body);
    expect(again.json()).toEqual(res.json());
    expect((await k.statusOf(first.guid))?.version).toBe(first.version + 1);
    expect(await k.approvalsOf(second.guid)).toHaveLength(1);
  });

  it('e-mails the approvers the bills of an entity awaiting their approval', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const bill = await k.enter(associate);
    await k.workflow(lead.as, bill, { action: 'approve' });
    const b = await k.books();
    const url = `/v1/notifications/clients/${b.client.guid}/entities/${b.legal.guid}/awaiting-approval`;
    const { db } = t.deps.database;
    const [clientLink] = await db
      .select({ guid: clientUsers.guid })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(clientUsers.clientId, b.client.id), eq(users.email, 'client@demo.test')));
    const [observerLink] = await db
      .select({ guid: clientUsers.guid })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(clientUsers.clientId, b.client.id), eq(users.email, 'observer@demo.test')));

    let res = await associate.post(url, { recipients: [randomUUID()] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('recipients');
    res = await associate.post(url, { recipients: [observerLink?.guid] });
    expect(res.statusCode).toBe(400);
    expect((await (await k.as('client@demo.test')).post(url, { recipients: [] })).statusCode).toBe(403);
    expect((await (await k.as('other@second.test')).post(url, { recipients: [] })).statusCode).toBe(404);

    res = await associate.post(url, {
      recipients: [clientLink?.guid],
      is_urgent: true,
      is_funding_required: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queued).toBe(1);
    expect(res.json().bills).toBeGreaterThanOrEqual(1);
    const mail = await db.select().from(outbox).where(eq(outbox.recipient, 'client@demo.test'));
    const last = mail.at(-1);
    expect(last?.subject).toMatch(/^URGENT: Bills awaiting your approval for .+ \(funding required\)$/);
    expect(last?.bodyText).toContain(bill.guid);

    expect(last?.notificationType).toBe('client_approval');

    // Everyone who may approve: the observer is never among them.
    res = await associate.post(url, { recipients: [] });
    expect(res.json().queued).toBeGreaterThanOrEqual(2);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'observer@demo.test'))).toHaveLength(0);

    // A client who turned off client-approval e-mails (and has no device) gets nothing.
    const client = await k.as('client@demo.test');
    const off = await client.patch('/v1/notifications/preferences', {
      preferences: [{ notification_type: 'client_approval', email: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const before = (await db.select().from(outbox).where(eq(outbox.recipient, 'client@demo.test'))).length;
    res = await associate.post(url, { recipients: [clientLink?.guid] });
    expect(res.statusCode).toBe(200);
    expect(res.json().queued).toBe(0);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'client@demo.test'))).toHaveLength(
      before,
    );
  });
});

describe.runIf(process.env.DATABASE_URL)('workflow races (postgres)', () => {
  const t = useTestApp('postgres');
  const kit = () => workflowKit(t);

  it('lets exactly one of five concurrent approvals win; the rest get 409', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const bill = await k.enter(associate);
    const reviewed = (await k.workflow(lead.as, bill, { action: 'approve' })).json() as Bill;
    expect(reviewed.status).toBe('client_approval');
    const approvers = await Promise.all([1, 2, 3, 4, 5].map(() => k.clientUser('client')));
    const answers = await Promise.all(
      approvers.map((a) => k.workflow(a.as, bill, { action: 'approve', version: reviewed.version })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'conflict')).toBe(true);
    expect((await k.approvalsOf(bill.guid)).filter((r) => r.step === 'client_approval')).toHaveLength(1);
    expect((await k.statusOf(bill.guid))?.status).toBe('payment_pending');
  });

  it('answers the same Idempotency-Key sent twice at once identically, with one transition', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const bill = await k.enter(associate);
    const b = await k.books();
    const { login } = await import('../../test/build-test-app.ts');
    const keyed = caller(t, await login(t.app, lead.user.email), { 'idempotency-key': randomUUID() });
    const url = `${b.bill(bill.guid)}/workflow`;
    const [one, two] = await Promise.all([
      keyed.post(url, { action: 'approve' }),
      keyed.post(url, { action: 'approve' }),
    ]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    expect(one?.json()).toEqual(two?.json());
    expect((await k.statusOf(bill.guid))?.version).toBe(bill.version + 1);
    expect(await k.approvalsOf(bill.guid)).toHaveLength(1);
    const third = await keyed.post(url, { action: 'approve' });
    expect(third.json()).toEqual(one?.json());
  });
});
