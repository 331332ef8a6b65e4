import type { CreateBillRequest } from '@bp/contracts';
import { type ApprovalStepKind, type BillStatus, billStatusAfter, nextStep } from '@bp/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { recordBillEvent } from '../modules/bill-core/bill-events.ts';
import { billApprovals, billNotes, bills } from '../modules/bill-core/tables.ts';
import { createBillInTx } from '../modules/bills/bill-service.ts';
import { clients } from '../modules/clients/tables.ts';
import { accounts, divisions, entities, vendors } from '../modules/entities/tables.ts';
import { syncBillTasks } from '../modules/tasks/bill-tasks.ts';
import { users } from '../modules/users/tables.ts';
import type { AuditActor } from '../platform/audit/audit.ts';
import type { Tx } from '../platform/db.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

type Outcome =
  | { kind: 'entered' }
  | { kind: 'draft' }
  | { kind: 'approved'; steps: ApprovalStepKind[] }
  | { kind: 'paid' }
  | { kind: 'rejected' };

interface DemoBill {
  vendor: string;
  account: string;
  amount: number;
  /** Days from today (negative: in the past). */
  dueInDays: number;
  enteredDaysAgo: number;
  invoice: string;
  method: CreateBillRequest['payment_method'];
  source: CreateBillRequest['invoice_source'];
  memo: string;
  outcome: Outcome;
  note?: string;
}

/**
 * Harper Household's bills, one per place in the workflow, so every queue and the client's lists have
 * something in the demo. The paid bill comes first: Pacific Power is then no longer new to the entity.
 */
const HARPER_BILLS: DemoBill[] = [
  {
    vendor: 'Pacific Power & Light',
    account: 'Electricity',
    amount: 18_420,
    dueInDays: -20,
    enteredDaysAgo: 35,
    invoice: 'PPL-2024-0117',
    method: 'ach',
    source: 'online',
    memo: 'Main residence electricity',
    outcome: { kind: 'paid' },
  },
  {
    vendor: 'Pacific Power & Light',
    account: 'Electricity',
    amount: 21_275,
    dueInDays: 10,
    enteredDaysAgo: 4,
    invoice: 'PPL-2024-0214',
    method: 'ach',
    source: 'online',
    memo: 'Main residence electricity',
    outcome: { kind: 'approved', steps: ['org_approval'] },
    note: 'Usage is up 15% on last month; the vendor confirmed the meter reading.',
  },
  {
    vendor: 'Evergreen Landscaping',
    account: 'Maintenance',
    amount: 145_000,
    dueInDays: 14,
    enteredDaysAgo: 3,
    invoice: 'EVG-5521',
    method: 'check',
    source: 'mail_scan',
    memo: 'Spring garden clean-up',
    outcome: { kind: 'approved', steps: ['org_approval'] },
  },
  {
    vendor: 'Atlas Insurance Co.',
    account: 'Home',
    amount: 320_000,
    dueInDays: 21,
    enteredDaysAgo: 1,
    invoice: 'ATL-HO-88213',
    method: 'ach',
    source: 'vendor',
    memo: 'Homeowners policy, quarterly premium',
    outcome: { kind: 'entered' },
  },
  {
    vendor: 'Evergreen Landscaping',
    account: 'Maintenance',
    amount: 80_000,
    dueInDays: 3,
    enteredDaysAgo: 9,
    invoice: 'EVG-5498',
    method: 'ach',
    source: 'mail_scan',
    memo: 'Hedge trimming',
    outcome: { kind: 'approved', steps: ['org_approval', 'client_approval'] },
  },
  {
    vendor: 'Atlas Insurance Co.',
    account: 'Auto',
    amount: 9_500,
    dueInDays: 5,
    enteredDaysAgo: 12,
    invoice: 'ATL-AU-1002',
    method: 'ach',
    source: 'vendor',
    memo: 'Auto policy endorsement fee',
    outcome: { kind: 'rejected' },
  },
  {
    vendor: 'Pacific Power & Light',
    account: 'Electricity',
    amount: 15_000,
    dueInDays: 25,
    enteredDaysAgo: 0,
    invoice: 'PPL-LAKE-0301',
    method: 'ach',
    source: 'client',
    memo: 'Lake house electricity (from the client, to check)',
    outcome: { kind: 'draft' },
  },
];

export const actorFor = (userId: number): AuditActor => ({
  actorUserId: userId,
  maskedByUserId: null,
  requestId: null,
  ipAddress: null,
});

/** Approves the waiting steps given, in order, as `approverFor` says, with the timeline a user would leave. */
export async function approveSteps(
  tx: Tx,
  billId: number,
  steps: ApprovalStepKind[],
  approverFor: (step: ApprovalStepKind) => number,
  at: Date,
) {
  for (const step of steps) {
    const [bill] = await tx.select().from(bills).where(eq(bills.id, billId));
    if (!bill) return;
    const approvals = await tx
      .select()
      .from(billApprovals)
      .where(and(eq(billApprovals.billId, billId), eq(billApprovals.round, bill.round)));
    const recorded = approvals.map((a) => ({ step: a.step, user_id: String(a.userId) }));
    if (nextStep(bill.plan, recorded)?.kind !== step)
      throw new Error(`seed: bill ${billId} is not waiting on ${step}`);
    const userId = approverFor(step);
    await tx
      .insert(billApprovals)
      .values({ billId, round: bill.round, step, userId, result: 'approved', createdAt: at });
    const status: BillStatus = billStatusAfter(bill.plan, [...recorded, { step, user_id: String(userId) }]);
    await tx
      .update(bills)
      .set({
        status,
        version: sql`${bills.version} + 1`,
        ...(status === 'paid' ? { paidAt: at, paidDate: isoDay(at) } : {}),
      })
      .where(eq(bills.id, billId));
    await recordBillEvent(tx, billId, actorFor(userId), 'bill_workflow_changed', {
      from: bill.status,
      to: status,
      data: { action: 'approve', step },
      at,
    });
  }
  await syncBillTasks(tx, billId);
}

export async function userIdOf(tx: Tx, email: string): Promise<number> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`seed: no user ${email}`);
  return row.id;
}

/** The books of a client's first (legal) entity, by name. */
async function booksOf(tx: Tx, clientName: string) {
  const [client] = await tx.select().from(clients).where(eq(clients.name, clientName));
  if (!client) throw new Error(`seed: no client ${clientName}`);
  const [entity] = await tx
    .select()
    .from(entities)
    .where(eq(entities.clientId, client.id))
    .orderBy(asc(entities.id));
  if (!entity) throw new Error(`seed: ${clientName} has no entity`);
  const accountRows = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, entity.id), isNotNull(accounts.parentId)));
  const vendorRows = await tx.select().from(vendors).where(eq(vendors.entityId, entity.id));
  const [division] = await tx
    .select()
    .from(divisions)
    .where(eq(divisions.entityId, entity.id))
    .orderBy(asc(divisions.id));
  const guidOf = (rows: { name: string; guid: string }[], name: string) => {
    const found = rows.find((r) => r.name === name);
    if (!found) throw new Error(`seed: ${clientName} has no ${name}`);
    return found.guid;
  };
  return {
    client,
    entity,
    account: (name: string) => guidOf(accountRows, name),
    vendor: (name: string) => guidOf(vendorRows, name),
    division: division?.guid ?? null,
  };
}

function requestOf(books: Awaited<ReturnType<typeof booksOf>>, bill: DemoBill, now: Date): CreateBillRequest {
  return {
    entity: books.entity.guid,
    vendor: books.vendor(bill.vendor),
    amount: bill.amount,
    due_date: isoDay(new Date(now.getTime() + bill.dueInDays * DAY_MS)),
    invoice_number: bill.invoice,
    invoice_date: isoDay(new Date(now.getTime() - (bill.enteredDaysAgo + 2) * DAY_MS)),
    payment_method: bill.method,
    invoice_source: bill.source,
    lines: [
      {
        account: books.account(bill.account),
        division: books.division,
        memo: bill.memo,
        amount: bill.amount,
      },
    ],
    ...(bill.outcome.kind === 'draft' ? { draft: true } : {}),
  };
}

/**
 * Demo bills (issue 4): Harper Household's bills in every place of the workflow (two waiting on
 * client@demo.test), entered by the associate, reviewed by the manager; and one bill of Second Org, so
 * tenant tests have bills on both sides. Runs inside the demo seed's transaction.
 */
export async function seedBills(tx: Tx, now: Date = new Date()): Promise<void> {
  const associate = await userIdOf(tx, 'associate@demo.test');
  const manager = await userIdOf(tx, 'manager@demo.test');
  const client = await userIdOf(tx, 'client@demo.test');
  const approverFor = (step: ApprovalStepKind) =>
    step === 'client_approval' || step === 'client_pre_approval' || step === 'needs_2nd_approval'
      ? client
      : manager;

  const harper = await booksOf(tx, 'Harper Household');
  for (const demo of HARPER_BILLS) {
    const entered = new Date(now.getTime() - demo.enteredDaysAgo * DAY_MS);
    const bill = await createBillInTx(
      tx,
      { id: harper.client.id, organizationId: harper.client.organizationId },
      actorFor(associate),
      requestOf(harper, demo, now),
      { createdAt: entered, eventAt: entered, audit: false },
    );
    const later = new Date(entered.getTime() + DAY_MS / 2);
    const outcome = demo.outcome;
    if (outcome.kind === 'approved') await approveSteps(tx, bill.id, outcome.steps, approverFor, later);
    if (outcome.kind === 'paid') {
      const steps = bill.plan.filter((s) => !s.skipped).map((s) => s.kind);
      await approveSteps(tx, bill.id, steps, approverFor, later);
    }
    if (outcome.kind === 'rejected') {
      await approveSteps(tx, bill.id, ['org_approval'], approverFor, later);
      const rejectedAt = new Date(later.getTime() + DAY_MS / 4);
      await tx
        .update(bills)
        .set({ status: 'rejected', rejectReason: 'duplicate', version: sql`${bills.version} + 1` })
        .where(eq(bills.id, bill.id));
      await recordBillEvent(tx, bill.id, actorFor(client), 'bill_workflow_changed', {
        from: 'client_approval',
        to: 'rejected',
        data: { action: 'reject', reject_reason: 'duplicate' },
        at: rejectedAt,
      });
      await syncBillTasks(tx, bill.id);
    }
    if (demo.note) {
      await tx
        .insert(billNotes)
        .values({ billId: bill.id, userId: associate, body: demo.note, createdAt: later });
    }
  }

  // Second Org: one bill of its first client, entered by its admin.
  const other = await userIdOf(tx, 'other@second.test');
  const [secondClient] = await tx
    .select({ name: clients.name })
    .from(clients)
    .where(inArray(clients.name, ['Nakamura Holdings', 'Brennan Family']))
    .orderBy(asc(clients.id));
  if (!secondClient) return;
  const second = await booksOf(tx, secondClient.name);
  await createBillInTx(
    tx,
    { id: second.client.id, organizationId: second.client.organizationId },
    actorFor(other),
    {
      entity: second.entity.guid,
      vendor: second.vendor('Atlas Insurance Co.'),
      amount: 56_000,
      due_date: isoDay(new Date(now.getTime() + 12 * DAY_MS)),
      invoice_number: 'ATL-SO-4410',
      payment_method: 'check',
      invoice_source: 'mail_scan',
      lines: [{ account: second.account('Home'), memo: 'Property insurance', amount: 56_000 }],
    },
    { createdAt: now, eventAt: now, audit: false },
  );
}
