import type { CreateBillRequest } from '@bp/contracts';
import {
  type ApprovalStep,
  type ApprovalStepKind,
  type BillStatus,
  billStatusAfter,
  nextStep,
  planApprovals,
  type RecordedApproval,
} from '@bp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordBillEvent } from '../modules/bill-core/bill-events.ts';
import { accountLabel } from '../modules/bill-core/payment.ts';
import { billApprovals, billEvents, billLines, billNotes, bills } from '../modules/bill-core/tables.ts';
import { messageRecipients } from '../modules/bill-messages/recipients.ts';
import { billMessageReceipts, billMessages } from '../modules/bill-messages/tables.ts';
import { createBillInTx } from '../modules/bills/bill-service.ts';
import { clientInstitutions, contacts, properties } from '../modules/client-records/tables.ts';
import { clientAssignments, clients, clientUsers } from '../modules/clients/tables.ts';
import { createCommitmentInTx } from '../modules/commitments/commitment-service.ts';
import { accounts, divisions, entities, paymentTerms, vendors } from '../modules/entities/tables.ts';
import { parentInstitutions } from '../modules/institutions/tables.ts';
import { organizations, organizationUsers } from '../modules/organizations/tables.ts';
import { syncBillTasks } from '../modules/tasks/bill-tasks.ts';
import { users } from '../modules/users/tables.ts';
import type { Tx } from '../platform/db.ts';
import {
  CONVERSATIONS,
  CURRENT_STATUS_ROTATION,
  type CurrentStatus,
  PRACTICE_ACCOUNT_TREE,
  PRACTICE_CLIENTS,
  PRACTICE_VENDORS,
  type PracticeClient,
  type PracticeVendor,
  REJECT_REASONS,
  REVISE_REASONS,
  STAFF_NOTES,
} from './practice-data.ts';
import { actorFor, approveSteps, userIdOf } from './seed-bills.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/**
 * Bills due this many days ahead (or less) are in flight; older ones were paid. Two months, so every
 * monthly vendor has at least two bills in flight whatever the day: dozens in the busy queues.
 */
const HORIZON_DAYS = 60;
/** A bill due more than this many days ago has been paid. */
const PAID_BEFORE_DAYS = 4;
/** Rows per multi-row insert, well under the 65,535 bind parameters of one statement. */
const CHUNK = 500;

/** Mulberry32: a small seeded generator, so the practice is the same on every seed with the same `now`. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}
type Random = ReturnType<typeof generator>;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** A UTC date `day` of the month `monthOffset` months from `now`'s month (clamped to the month's end). */
function dayOfMonth(now: Date, monthOffset: number, day: number): Date {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthOffset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last), 12));
}

/** The due dates of a vendor's bills from a year ago up to the horizon, oldest first. */
function dueDates(vendor: PracticeVendor, now: Date): Date[] {
  const from = now.getTime() - 365 * DAY_MS;
  const to = now.getTime() + HORIZON_DAYS * DAY_MS;
  const out: Date[] = [];
  for (let offset = -13; offset <= 2; offset++) {
    const due = dayOfMonth(now, offset, vendor.dueDay);
    const month = due.getUTCMonth() + 1;
    const cadence = vendor.cadence;
    const bills =
      cadence.every === 'month' ||
      (cadence.every === 'quarter' && month % 3 === cadence.offset) ||
      (cadence.every === 'months' && cadence.months.includes(month));
    if (bills && due.getTime() > from && due.getTime() <= to) out.push(due);
  }
  return out;
}

/** A bill's amount: the vendor's usual, varied within its spread, to the cent. */
function amountOf(vendor: PracticeVendor, random: Random): number {
  if (vendor.spread === 0) return vendor.amount;
  const factor = 1 + (random.next() * 2 - 1) * vendor.spread;
  return Math.max(100, Math.round(vendor.amount * factor));
}

interface Books {
  client: { id: number; guid: string; organizationId: number };
  entity: typeof entities.$inferSelect;
  division: { id: number; guid: string } | null;
  accountOf: Map<string, { id: number; guid: string }>;
  vendorOf: Map<string, { id: number; guid: string }>;
  institution: { id: number; name: string; accountLast4: string | null };
  clientUserId: number;
}

interface People {
  associate: number;
  manager: number;
  /** A second manager-level approver for third-level approvals (never the supervisor reviewer). */
  senior: number;
}

const CLIENT_STEPS: ApprovalStepKind[] = ['client_pre_approval', 'client_approval', 'needs_2nd_approval'];
const approverOf = (people: People, clientUserId: number) => (step: ApprovalStepKind) =>
  CLIENT_STEPS.includes(step)
    ? clientUserId
    : step === 'third_level_approval'
      ? people.senior
      : people.manager;

/** Creates the client, its people, records and books; returns the books of each legal entity. */
async function seedClient(
  tx: Tx,
  spec: PracticeClient,
  context: {
    organizationId: number;
    now: Date;
    passwordHash: string;
    institutionId: number | null;
    staff: { id: number; teamLabel: string | null; email: string }[];
    position: number;
  },
): Promise<Books[]> {
  const { now } = context;
  const household = spec.user.lastName;
  const [client] = await tx
    .insert(clients)
    .values({
      organizationId: context.organizationId,
      name: spec.name,
      service: spec.service,
      isOnboardingCompleted: true,
      hasProperties: true,
      primaryContact: `${spec.user.firstName} ${spec.user.lastName}`,
      bpFfAmount: spec.service === 'bill_pay' ? 35_000 : 0,
      foaFfAmount: spec.service === 'family_office_accounting' ? 125_000 : 0,
      createdAt: new Date(now.getTime() - spec.since * 365 * DAY_MS),
    })
    .returning();
  if (!client) throw new Error(`seed: client ${spec.name} not inserted`);
  const [user] = await tx
    .insert(users)
    .values({
      email: spec.user.email,
      passwordHash: context.passwordHash,
      passwordSetAt: new Date(now.getTime() - 30 * DAY_MS),
      firstName: spec.user.firstName,
      lastName: spec.user.lastName,
      type: 'client',
      acceptedTermsAt: now,
      createdAt: client.createdAt,
    })
    .returning({ id: users.id });
  if (!user) throw new Error(`seed: user ${spec.user.email} not inserted`);
  await tx
    .insert(clientUsers)
    .values({ clientId: client.id, userId: user.id, role: 'client', clientRelation: 'primary' });
  // Staff assignments as for the hand-made clients: associates assigned, managers alternate as backup.
  const assignable = context.staff.filter((s) => s.email !== 'super@demo.test');
  if (assignable.length > 0)
    await tx.insert(clientAssignments).values(
      assignable.map((s) => ({
        organizationUserId: s.id,
        clientId: client.id,
        kind:
          s.teamLabel === 'Associate' || context.position % 2 === 0
            ? ('assigned' as const)
            : ('backup' as const),
      })),
    );
  const [institution] = await tx
    .insert(clientInstitutions)
    .values({
      clientId: client.id,
      parentInstitutionId: context.institutionId,
      name: 'Operating account',
      accountLast4: String(1000 + ((client.id * 7919) % 9000)).slice(-4),
    })
    .returning();
  if (!institution) throw new Error('seed: institution not inserted');
  await tx.insert(contacts).values({
    clientId: client.id,
    name: `${household} Family Attorney`,
    emailAddress: 'counsel@example.test',
    relation: 'attorney',
  });

  const books: Books[] = [];
  for (const [index, spec2] of spec.entities.entries()) {
    const [entity] = await tx
      .insert(entities)
      .values({
        clientId: client.id,
        kind: spec2.kind,
        nickname: spec2.nickname,
        corporateId:
          spec2.kind === 'legal_entity' ? `EIN-${String(client.id * 10 + index).padStart(7, '0')}` : null,
        allowablePaymentThreshold: spec2.kind === 'legal_entity' ? 0.05 : null,
      })
      .returning();
    if (!entity || spec2.kind !== 'legal_entity') continue;
    if (index === 0)
      await tx.insert(properties).values({
        clientId: client.id,
        entityId: entity.id,
        kind: 'primary',
        name: `${household} Residence`,
        city: spec.city,
        state: 'WA',
        country: 'US',
      });
    const [division] = await tx
      .insert(divisions)
      .values([
        { entityId: entity.id, name: 'Main Residence' },
        { entityId: entity.id, name: 'Guest House' },
      ])
      .returning({ id: divisions.id, guid: divisions.guid });
    const parents = await tx
      .insert(accounts)
      .values(PRACTICE_ACCOUNT_TREE.map(([name]) => ({ entityId: entity.id, name, assignableToBill: false })))
      .returning({ id: accounts.id });
    const children = await tx
      .insert(accounts)
      .values(
        PRACTICE_ACCOUNT_TREE.flatMap(([, names], i) =>
          names.map((name) => ({ entityId: entity.id, parentId: parents[i]?.id ?? null, name })),
        ),
      )
      .returning({ id: accounts.id, guid: accounts.guid, name: accounts.name });
    await tx.insert(paymentTerms).values([
      { entityId: entity.id, name: 'Net 30', dueDays: 30 },
      { entityId: entity.id, name: 'Due on receipt', dueDays: 0 },
    ]);
    const vendorRows = await tx
      .insert(vendors)
      .values(
        spec2.vendors.map((key) => {
          const v = PRACTICE_VENDORS[key] as PracticeVendor;
          return {
            entityId: entity.id,
            name: v.name,
            vendorType: v.vendorType,
            city: v.city,
            state: v.state,
            country: 'US',
          };
        }),
      )
      .returning({ id: vendors.id, guid: vendors.guid, name: vendors.name });
    books.push({
      client: { id: client.id, guid: client.guid, organizationId: client.organizationId },
      entity,
      division: division ?? null,
      accountOf: new Map(children.map((a) => [a.name, a])),
      vendorOf: new Map(spec2.vendors.map((key, i) => [key, vendorRows[i] as { id: number; guid: string }])),
      institution,
      clientUserId: user.id,
    });
  }
  return books;
}

interface Occurrence {
  books: Books;
  vendor: PracticeVendor;
  due: Date;
  amount: number;
  invoice: string;
  entered: Date;
}

/**
 * The paid year in multi-row inserts: bills with the plan planning would have made, every step's
 * approval, the timeline a user would have left (entered, planned, approved, paid) and the payment's
 * date, account and reference. Paid bills wait on nobody, so they have no tasks.
 */
async function insertPaidHistory(
  tx: Tx,
  paid: (Occurrence & { paidOn: Date; vendorIsNew: boolean })[],
  people: People,
  random: Random,
) {
  const planned = paid.map((o) => {
    const plan: ApprovalStep[] = planApprovals(
      {
        amount_cents: o.amount,
        payment_method: o.vendor.method,
        created_by: String(people.associate),
        from_commitment: null,
        vendor_is_new_to_entity: o.vendorIsNew,
        under_power_of_attorney: false,
        sanctions_match: false,
      },
      {
        client_pre_approval_required: o.books.entity.clientPreApprovalRequired,
        client_pre_approval_threshold: o.books.entity.clientPreApprovalThreshold,
        allowable_payment_threshold: o.books.entity.allowablePaymentThreshold,
        enable_multiple_approvers: o.books.entity.enableMultipleApprovers,
        multiple_approver_threshold: o.books.entity.multipleApproverThreshold,
      },
    );
    const steps = plan.filter((s) => !s.skipped);
    const reference =
      o.vendor.method === 'check'
        ? String(random.int(1000, 9999))
        : o.vendor.method === 'wire'
          ? `FW${random.int(100000, 999999)}`
          : `ACH-${random.int(10000000, 99999999)}`;
    return { ...o, plan, steps, reference };
  });
  const ids: { id: number }[] = [];
  for (const part of chunks(planned)) {
    ids.push(
      ...(await tx
        .insert(bills)
        .values(
          part.map((o) => ({
            organizationId: o.books.client.organizationId,
            clientId: o.books.client.id,
            entityId: o.books.entity.id,
            vendorId: o.books.vendorOf.get(o.vendor.key)?.id ?? 0,
            amount: o.amount,
            dueDate: isoDay(o.due),
            invoiceNumber: o.invoice,
            invoiceDate: isoDay(new Date(o.entered.getTime() - 2 * DAY_MS)),
            paymentMethod: o.vendor.method,
            invoiceSource: o.vendor.source,
            status: 'paid' as const,
            version: 2 + o.steps.length,
            round: 1,
            plan: o.plan,
            vendorIsNewToEntity: o.vendorIsNew,
            paidAt: o.paidOn,
            paidDate: isoDay(o.paidOn),
            paidFromInstitutionId: o.books.institution.id,
            paymentReference: o.reference,
            createdByUserId: people.associate,
            createdAt: o.entered,
            updatedAt: o.paidOn,
          })),
        )
        .returning({ id: bills.id })),
    );
  }
  const lines: (typeof billLines.$inferInsert)[] = [];
  const approvals: (typeof billApprovals.$inferInsert)[] = [];
  const events: (typeof billEvents.$inferInsert)[] = [];
  for (const [i, o] of planned.entries()) {
    const billId = ids[i]?.id ?? 0;
    lines.push({
      billId,
      organizationId: o.books.client.organizationId,
      accountId: o.books.accountOf.get(o.vendor.account)?.id ?? 0,
      divisionId: o.books.division?.id ?? null,
      memo: o.vendor.memo,
      amount: o.amount,
      position: 0,
    });
    const approverFor = approverOf(people, o.books.clientUserId);
    events.push({
      billId,
      kind: 'bill_created',
      userId: people.associate,
      toStatus: 'pre_bill',
      data: { amount: o.amount, draft: false },
      createdAt: o.entered,
    });
    const first = nextStep(o.plan, [])?.status ?? 'paid';
    events.push({
      billId,
      kind: 'bill_workflow_changed',
      userId: people.associate,
      fromStatus: 'pre_bill',
      toStatus: first,
      data: { action: 'planned', round: 1, steps: o.plan.map((s) => s.kind) },
      createdAt: o.entered,
    });
    // Steps spread evenly between entry and payment.
    const span = o.paidOn.getTime() - o.entered.getTime();
    const recorded: RecordedApproval[] = [];
    let from: BillStatus = first;
    for (const [n, step] of o.steps.entries()) {
      const at = new Date(o.entered.getTime() + (span * (n + 1)) / (o.steps.length + 1));
      const approvedAt = step.kind === 'payment_pending' ? o.paidOn : at;
      const userId = approverFor(step.kind);
      approvals.push({
        billId,
        round: 1,
        step: step.kind,
        userId,
        result: 'approved',
        createdAt: approvedAt,
      });
      recorded.push({ step: step.kind, user_id: String(userId) });
      const to = billStatusAfter(o.plan, recorded);
      const payment = step.kind === 'payment_pending';
      events.push({
        billId,
        kind: 'bill_workflow_changed',
        userId,
        fromStatus: from,
        toStatus: to,
        data: payment
          ? {
              action: 'record_payment',
              step: step.kind,
              payment_date: isoDay(o.paidOn),
              paid_from: accountLabel(o.books.institution),
              reference: o.reference,
              payment_method: o.vendor.method,
            }
          : { action: 'approve', step: step.kind },
        createdAt: approvedAt,
      });
      from = to;
    }
    if (from !== 'paid') throw new Error(`seed: paid history bill ${o.invoice} ends in ${from}`);
  }
  for (const part of chunks(lines)) await tx.insert(billLines).values(part);
  for (const part of chunks(approvals)) await tx.insert(billApprovals).values(part);
  for (const part of chunks(events)) await tx.insert(billEvents).values(part);
}

/** Approves the bill's waiting steps one by one until it waits in `status`. */
async function advanceTo(
  tx: Tx,
  billId: number,
  status: BillStatus,
  approverFor: (step: ApprovalStepKind) => number,
  at: Date,
) {
  for (let guard = 0; guard < 10; guard++) {
    const [bill] = await tx.select().from(bills).where(eq(bills.id, billId));
    if (!bill) throw new Error(`seed: no bill ${billId}`);
    if (bill.status === status) return bill;
    const approvals = await tx.select().from(billApprovals).where(eq(billApprovals.billId, billId));
    const step = nextStep(
      bill.plan,
      approvals.map((a) => ({ step: a.step, user_id: String(a.userId) })),
    );
    if (!step) break;
    await approveSteps(tx, billId, [step.kind], approverFor, at);
  }
  throw new Error(`seed: bill ${billId} never reached ${status}`);
}

/** The status to deal a current bill into: the rotation, except that wires wait on POA approval. */
function targetOf(o: Occurrence, index: number): CurrentStatus {
  const status = CURRENT_STATUS_ROTATION[index % CURRENT_STATUS_ROTATION.length] ?? 'org_approval';
  return o.vendor.method === 'wire' && status === 'payment_pending' ? 'poa_approval' : status;
}

/** One bill in flight, entered through the bills service and moved as users would have moved it. */
async function seedCurrentBill(tx: Tx, o: Occurrence, index: number, people: People, random: Random) {
  const target = targetOf(o, index);
  const actor = actorFor(people.associate);
  const request: CreateBillRequest = {
    entity: o.books.entity.guid,
    vendor: o.books.vendorOf.get(o.vendor.key)?.guid ?? '',
    amount: o.amount,
    due_date: isoDay(o.due),
    invoice_number: o.invoice,
    invoice_date: isoDay(new Date(o.entered.getTime() - 2 * DAY_MS)),
    payment_method: o.vendor.method,
    invoice_source: o.vendor.source,
    lines: [
      {
        account: o.books.accountOf.get(o.vendor.account)?.guid ?? '',
        division: o.books.division?.guid ?? null,
        memo: o.vendor.memo,
        amount: o.amount,
      },
    ],
    ...(target === 'pre_bill' ? { draft: true } : {}),
    // Paid under the organisation's power of attorney: the plan adds the POA approval step.
    ...(target === 'poa_approval' ? { under_power_of_attorney: true } : {}),
  };
  const bill = await createBillInTx(tx, o.books.client, actor, request, {
    createdAt: o.entered,
    eventAt: o.entered,
    audit: false,
  });
  if (target === 'pre_bill') return { bill, target };
  const usual = approverOf(people, o.books.clientUserId);
  // A phone approval needs a confirmer who has not acted on the bill yet: the manager, so the
  // supervisor review of those bills was someone else's.
  const approverFor =
    target === 'verbal_approval'
      ? (step: ApprovalStepKind) => (step === 'org_approval' ? people.senior : usual(step))
      : usual;
  const later = new Date(o.entered.getTime() + 6 * HOUR_MS);
  const waitsOnClient =
    target === 'client_approval' || target === 'rejected' || target === 'changes_required';
  await advanceTo(
    tx,
    bill.id,
    waitsOnClient || target === 'verbal_approval' ? 'client_approval' : target,
    approverFor,
    later,
  );
  const acted = new Date(later.getTime() + 6 * HOUR_MS);
  if (target === 'rejected') {
    const reason = REJECT_REASONS[random.int(0, REJECT_REASONS.length - 1)] ?? 'duplicate';
    await tx.insert(billApprovals).values({
      billId: bill.id,
      round: bill.round,
      step: 'client_approval',
      userId: o.books.clientUserId,
      result: 'rejected',
      createdAt: acted,
    });
    await settle(tx, bill.id, o.books.clientUserId, 'rejected', { rejectReason: reason }, acted, {
      action: 'reject',
      step: 'client_approval',
      reject_reason: reason,
      reject_other_description: null,
    });
  }
  if (target === 'changes_required') {
    const reason = REVISE_REASONS[random.int(0, REVISE_REASONS.length - 1)] ?? 'Please check the amount.';
    await settle(tx, bill.id, o.books.clientUserId, 'changes_required', { reviseReason: reason }, acted, {
      action: 'revise',
      step: 'client_approval',
      reason,
    });
  }
  if (target === 'verbal_approval') {
    // The associate took the client's approval by phone; a second staff member has yet to confirm it.
    await tx.insert(billApprovals).values({
      billId: bill.id,
      round: bill.round,
      step: 'client_approval',
      userId: people.associate,
      result: 'approved',
      verbal: true,
      createdAt: acted,
    });
    await settle(tx, bill.id, people.associate, 'verbal_approval', {}, acted, {
      action: 'record_verbal_approval',
      step: 'client_approval',
    });
  }
  return { bill, target };
}

/** Moves a bill waiting on client approval to `to`, as the workflow's moveBill does (timeline, tasks). */
async function settle(
  tx: Tx,
  billId: number,
  userId: number,
  to: BillStatus,
  fields: Partial<typeof bills.$inferInsert>,
  at: Date,
  data: Record<string, unknown>,
) {
  await tx
    .update(bills)
    .set({ ...fields, status: to, version: sql`${bills.version} + 1`, updatedAt: at })
    .where(eq(bills.id, billId));
  await recordBillEvent(tx, billId, actorFor(userId), 'bill_workflow_changed', {
    from: 'client_approval',
    to,
    data,
    at,
  });
  await syncBillTasks(tx, billId);
}

/** A short conversation on a bill: staff's receipts are read (they answered), the client's wait. */
async function seedConversation(
  tx: Tx,
  bill: typeof bills.$inferSelect,
  books: Books,
  people: People,
  conversation: (typeof CONVERSATIONS)[number],
  at: Date,
) {
  const messages: { userId: number; side: 'staff' | 'client'; body: string; at: Date }[] = [
    { userId: people.associate, side: 'staff', body: conversation.staff, at },
  ];
  if (conversation.client)
    messages.push({
      userId: books.clientUserId,
      side: 'client',
      body: conversation.client,
      at: new Date(at.getTime() + 3 * HOUR_MS),
    });
  for (const message of messages) {
    const [row] = await tx
      .insert(billMessages)
      .values({
        billId: bill.id,
        organizationId: bill.organizationId,
        clientId: bill.clientId,
        fromUserId: message.userId,
        body: message.body,
        createdAt: message.at,
      })
      .returning({ id: billMessages.id });
    if (!row) continue;
    const recipients = await messageRecipients(tx, bill, { userId: message.userId, side: message.side });
    if (recipients.length > 0)
      await tx.insert(billMessageReceipts).values(
        recipients.map((userId) => ({
          messageId: row.id,
          userId,
          organizationId: bill.organizationId,
          readAt: message.side === 'client' ? new Date(message.at.getTime() + HOUR_MS) : null,
        })),
      );
  }
}

/** Commitments for the vendors the client tracks: monthly ones by month, others once a year. */
async function seedPracticeCommitments(tx: Tx, books: Books, people: People, now: Date, random: Random) {
  const today = isoDay(now);
  for (const [key, vendor] of books.vendorOf) {
    const spec = PRACTICE_VENDORS[key];
    if (!spec?.commitment) continue;
    const isMonthly = spec.cadence.every === 'month';
    const months = spec.cadence.every === 'months' ? spec.cadence.months : [];
    const variable = spec.spread > 0;
    await createCommitmentInTx(
      tx,
      books.client,
      actorFor(people.associate),
      {
        entity: books.entity.guid,
        vendor: vendor.guid,
        category: spec.commitment,
        frequency: isMonthly ? 'monthly' : 'yearly',
        expected_amount: variable ? null : spec.amount,
        is_variable: variable,
        due_day: spec.dueDay,
        due_month: isMonthly ? null : (months[months.length - 1] ?? 12),
        start_date: isoDay(new Date(now.getTime() - random.int(120, 300) * DAY_MS)),
        end_date: null,
        payment_method: spec.method,
        account: books.accountOf.get(spec.account)?.guid ?? null,
        division: null,
        memo: spec.memo,
        autopay: false,
      },
      { now: new Date(now.getTime() - 100 * DAY_MS), today, audit: false },
    );
  }
}

/**
 * The demo practice (issue 10 item 14): six more clients of Demo Family Office, both services, each
 * with entities, vendors, a year of paid bills, bills in flight in every queue, commitments, staff
 * notes and messages. Deterministic: a fixed seed and `now` decide every name, amount and date. Runs
 * inside the demo seed's transaction, after the hand-made demo data (whose clients it leaves alone).
 */
export async function seedPractice(tx: Tx, now: Date, passwordHash: string): Promise<void> {
  const random = generator(20_260_114);
  const [org] = await tx.select().from(organizations).where(eq(organizations.name, 'Demo Family Office'));
  if (!org) throw new Error('seed: no Demo Family Office');
  const people: People = {
    associate: await userIdOf(tx, 'associate@demo.test'),
    manager: await userIdOf(tx, 'manager@demo.test'),
    senior: await userIdOf(tx, 'super@demo.test'),
  };
  const staff = await tx
    .select({ id: organizationUsers.id, teamLabel: organizationUsers.teamLabel, email: users.email })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(eq(organizationUsers.organizationId, org.id))
    .orderBy(organizationUsers.id);
  const [institution] = await tx
    .select({ id: parentInstitutions.id })
    .from(parentInstitutions)
    .orderBy(parentInstitutions.id)
    .limit(1);
  const existing = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.organizationId, org.id));

  const allBooks: Books[] = [];
  for (const [i, spec] of PRACTICE_CLIENTS.entries()) {
    allBooks.push(
      ...(await seedClient(tx, spec, {
        organizationId: org.id,
        now,
        passwordHash,
        institutionId: institution?.id ?? null,
        staff,
        position: existing.length + i,
      })),
    );
  }

  const paid: (Occurrence & { paidOn: Date; vendorIsNew: boolean })[] = [];
  const current: Occurrence[] = [];
  const paidBefore = now.getTime() - PAID_BEFORE_DAYS * DAY_MS;
  for (const books of allBooks) {
    for (const key of books.vendorOf.keys()) {
      const vendor = PRACTICE_VENDORS[key] as PracticeVendor;
      for (const [n, due] of dueDates(vendor, now).entries()) {
        const amount = amountOf(vendor, random);
        const invoice = `${vendor.invoicePrefix}-${books.entity.id}${isoDay(due).replaceAll('-', '').slice(2, 6)}`;
        const enteredDaysBefore = random.int(9, 18);
        const entered = new Date(
          Math.min(due.getTime() - enteredDaysBefore * DAY_MS, now.getTime() - random.int(2, 30) * HOUR_MS),
        );
        const occurrence = { books, vendor, due, amount, invoice, entered };
        if (due.getTime() <= paidBefore) {
          const paidOn = new Date(due.getTime() - random.int(0, 4) * DAY_MS - random.int(0, 5) * HOUR_MS);
          paid.push({ ...occurrence, paidOn, vendorIsNew: n === 0 });
        } else current.push(occurrence);
      }
    }
  }
  await insertPaidHistory(tx, paid, people, random);

  // Bills in flight, dealt into the queues in due-date order so every queue mixes clients.
  current.sort((a, b) => a.due.getTime() - b.due.getTime() || a.invoice.localeCompare(b.invoice));
  let conversation = 0;
  for (const [index, o] of current.entries()) {
    const { bill, target } = await seedCurrentBill(tx, o, index, people, random);
    if (index % 5 === 0) {
      await tx.insert(billNotes).values({
        billId: bill.id,
        userId: people.associate,
        body: STAFF_NOTES[(index / 5) % STAFF_NOTES.length] ?? 'Checked.',
        createdAt: new Date(o.entered.getTime() + 2 * HOUR_MS),
      });
    }
    if (target === 'client_approval' && conversation < CONVERSATIONS.length * 2) {
      const [fresh] = await tx.select().from(bills).where(eq(bills.id, bill.id));
      const chat = CONVERSATIONS[conversation % CONVERSATIONS.length];
      if (fresh && chat)
        await seedConversation(
          tx,
          fresh,
          o.books,
          people,
          chat,
          new Date(Math.min(o.entered.getTime() + 14 * HOUR_MS, now.getTime() - 5 * HOUR_MS)),
        );
      conversation++;
    }
  }

  for (const books of allBooks) await seedPracticeCommitments(tx, books, people, now, random);
}
