import type { REJECT_REASON_VALUES } from '@bp/contracts';
import { type ApprovalStep, type BillStatus, billStatusAfter } from '@bp/domain';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import {
  accountLabel,
  approveRefusal,
  type BillFields,
  type BillRow,
  type Caller,
  changeBill,
  checkPayment,
  confirmBillApproval,
  decideApprove,
  decideRecordPayment,
  decideReject,
  decideReversePayment,
  decideRevise,
  deleteBillApproval,
  deleteStepApprovals,
  insertBillApproval,
  type NewBillApproval,
  type PaymentDetails,
  type Refusal,
  recordBillEvent,
  withoutPayment,
  workflowState,
} from '../bill-core/index.ts';
import { planBill } from '../bills/index.ts';
import { syncBillTasks } from '../tasks/index.ts';
import { requireNoPaymentHold } from '../vendors/index.ts';
import { conflict, forbidden } from './errors.ts';
import { postToBooks } from './ledger-posting.ts';

/** One workflow action as the routes (single and bulk) hand it over. */
export type WorkflowAction =
  | { action: 'approve'; verbal?: boolean }
  | {
      action: 'reject';
      reject_reason: (typeof REJECT_REASON_VALUES)[number];
      reject_other_description?: string | null;
    }
  | { action: 'revise'; reason: string }
  | { action: 'reverse_payment'; reason: string }
  | ({ action: 'record_payment' } & PaymentDetails);

export interface TransitionContext {
  caller: Caller;
  actor: AuditActor;
  now: Date;
  /** The calendar day "today" is where the caller is (X-Timezone; UTC otherwise), for paid_date. */
  today: string;
  /** Work that follows money moving, in the transition's transaction (wired in app.ts). */
  moneyMoved?: MoneyMoveHook | undefined;
}

/**
 * Port (docs/architecture.md): called inside the transition's transaction when a bill reaches payment
 * (`approved`, to payment_pending) and when its payment is recorded (`paid`). The QuickBooks module
 * provides it at wiring time (decision 035) to queue the bill's export; it must not call out itself.
 */
export type MoneyMoveHook = (tx: DbOrTx, bill: BillRow, event: 'approved' | 'paid') => Promise<void>;

export const RACED = 'Someone else acted on this bill at the same moment. Reload it.';

function refuse(refusal: Refusal): never {
  throw (
    approveRefusal(refusal) ??
    (refusal.status === 409 ? conflict(refusal.detail) : forbidden(refusal.detail, 'permission_denied'))
  );
}

/** Inserts an approval row; the unique (bill, round, step) key turns a concurrent duplicate into a 409. */
async function insertApproval(tx: DbOrTx, values: NewBillApproval): Promise<void> {
  try {
    // A savepoint, so the violation does not poison the caller's transaction before it answers 409.
    await (tx as { transaction: DbOrTx['transaction'] }).transaction(async (sp) => {
      await insertBillApproval(sp, values);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bill_approvals_bill_round_step_key')) throw conflict(RACED);
    throw error;
  }
}

async function moveBill(
  tx: DbOrTx,
  bill: BillRow,
  context: TransitionContext,
  change: {
    to: BillStatus;
    action: string;
    step: ApprovalStep | null;
    fields?: BillFields;
    data?: Record<string, unknown>;
    audit: string;
  },
): Promise<void> {
  await changeBill(tx, bill.id, { ...change.fields, status: change.to }, context.now);
  const data = { action: change.action, step: change.step?.kind ?? null, ...change.data };
  await recordBillEvent(tx, bill.id, context.actor, 'bill_workflow_changed', {
    from: bill.status,
    to: change.to,
    data,
  });
  await syncBillTasks(tx, bill.id);
  await recordAudit(tx, context.actor, {
    action: change.audit,
    objectType: 'bill',
    objectGuid: bill.guid,
    organizationId: bill.organizationId,
    clientId: bill.clientId,
    changes: {
      status: { before: bill.status, after: change.to },
      ...(change.data ? { details: { before: null, after: change.data } } : {}),
    },
  });
}

async function approve(tx: DbOrTx, bill: BillRow, context: TransitionContext, verbal: boolean) {
  const state = await workflowState(tx, bill);
  // Paying is record_payment's: approve on payment_pending answers 409 record_payment_required.
  const decision = withoutPayment(await decideApprove(tx, bill, state, context.caller, { verbal }));
  if (!decision.ok) refuse(decision);
  const userId = context.caller.userId;
  const maskedByUserId = context.actor.maskedByUserId;

  if (decision.kind === 'submit') {
    // A draft from the pre-bill inbox: planning gives it its first waiting step.
    await planBill(tx, bill.id, context.actor);
    await recordAudit(tx, context.actor, {
      action: 'bill_submitted',
      objectType: 'bill',
      objectGuid: bill.guid,
      organizationId: bill.organizationId,
      clientId: bill.clientId,
    });
    return;
  }

  if (decision.kind === 'record_verbal') {
    await insertApproval(tx, {
      billId: bill.id,
      round: bill.round,
      step: decision.step.kind,
      userId,
      maskedByUserId,
      result: 'approved',
      verbal: true,
    });
    await moveBill(tx, bill, context, {
      to: 'verbal_approval',
      action: 'record_verbal_approval',
      step: decision.step,
      audit: 'bill_verbal_approval_recorded',
    });
    return;
  }

  let counted = state.counted;
  if (decision.kind === 'confirm_verbal') {
    const confirmed = await confirmBillApproval(tx, decision.row.id, userId, context.now);
    if (!confirmed) throw conflict(RACED);
    counted = [...counted, { step: decision.step.kind, user_id: String(decision.row.userId) }];
  } else {
    await insertApproval(tx, {
      billId: bill.id,
      round: bill.round,
      step: decision.step.kind,
      userId,
      maskedByUserId,
      result: 'approved',
    });
    counted = [...counted, { step: decision.step.kind, user_id: String(userId) }];
  }
  const to = billStatusAfter(state.plan, counted);
  // An approval that would send the bill to payment waits while its payee's details await a call-back.
  if (to === 'payment_pending') await requireNoPaymentHold(tx, bill.vendorId);
  await moveBill(tx, bill, context, {
    to,
    action: decision.kind === 'confirm_verbal' ? 'confirm_verbal_approval' : 'approve',
    step: decision.step,
    audit: decision.kind === 'confirm_verbal' ? 'bill_verbal_approval_confirmed' : 'bill_approved',
  });
  // Ledger posting (issue 17): the approval that sends the bill to payment books expense against A/P.
  if (to === 'payment_pending') {
    await postToBooks(tx, bill, 'approved', context, context.today);
    await context.moneyMoved?.(tx, bill, 'approved');
  }
  // Steps with an event of their own (the second client approver) add it to the timeline.
  if (decision.step.event && !decision.step.skipped) {
    await recordBillEvent(tx, bill.id, context.actor, decision.step.event, {
      from: bill.status,
      to,
      data: { step: decision.step.kind },
    });
  }
}

async function reject(
  tx: DbOrTx,
  bill: BillRow,
  context: TransitionContext,
  input: Extract<WorkflowAction, { action: 'reject' }>,
) {
  const state = await workflowState(tx, bill);
  const decision = await decideReject(tx, bill, state, context.caller);
  if (!decision.ok) refuse(decision);
  const description = input.reject_reason === 'other' ? (input.reject_other_description ?? null) : null;
  if (decision.step) {
    // A phone approval still waiting for confirmation gives way to the rejection of the same step.
    if (state.pendingVerbal?.step === decision.step.kind) {
      await deleteBillApproval(tx, state.pendingVerbal.id);
    }
    await insertApproval(tx, {
      billId: bill.id,
      round: bill.round,
      step: decision.step.kind,
      userId: context.caller.userId,
      maskedByUserId: context.actor.maskedByUserId,
      result: 'rejected',
    });
  }
  await moveBill(tx, bill, context, {
    to: 'rejected',
    action: 'reject',
    step: decision.step,
    fields: { rejectReason: input.reject_reason, rejectOtherDescription: description },
    data: { reject_reason: input.reject_reason, reject_other_description: description },
    audit: 'bill_rejected',
  });
}

async function revise(tx: DbOrTx, bill: BillRow, context: TransitionContext, reason: string) {
  const state = await workflowState(tx, bill);
  const decision = await decideRevise(tx, bill, state, context.caller);
  if (!decision.ok) refuse(decision);
  await moveBill(tx, bill, context, {
    to: 'changes_required',
    action: 'revise',
    step: decision.step,
    fields: { reviseReason: reason },
    data: { reason },
    audit: 'bill_revised',
  });
}

/**
 * payment_pending → paid with the payment's date, account and reference (decision 015). The payment
 * step's approval row is what makes the plan complete, as every other step's.
 */
async function recordPayment(tx: DbOrTx, bill: BillRow, context: TransitionContext, details: PaymentDetails) {
  const state = await workflowState(tx, bill);
  const decision = decideRecordPayment(bill, state, context.caller);
  if (!decision.ok) refuse(decision);
  // Decision 022: no payment while the payee's changed details await a call-back verification.
  await requireNoPaymentHold(tx, bill.vendorId);
  const payment = await checkPayment(tx, bill, details, context.today);
  const step = state.step;
  if (!step) throw conflict('This bill waits on no payment.');
  await insertApproval(tx, {
    billId: bill.id,
    round: bill.round,
    step: step.kind,
    userId: context.caller.userId,
    maskedByUserId: context.actor.maskedByUserId,
    result: 'approved',
  });
  const counted = [...state.counted, { step: step.kind, user_id: String(context.caller.userId) }];
  await moveBill(tx, bill, context, {
    to: billStatusAfter(state.plan, counted),
    action: 'record_payment',
    step,
    fields: {
      paidAt: context.now,
      paidDate: payment.paymentDate,
      paidFromInstitutionId: payment.institution.id,
      paymentReference: payment.reference,
    },
    data: {
      payment_date: payment.paymentDate,
      paid_from: accountLabel(payment.institution),
      reference: payment.reference,
      payment_method: bill.paymentMethod,
    },
    audit: 'bill_paid',
  });
  if (billStatusAfter(state.plan, counted) === 'paid') {
    await postToBooks(tx, bill, 'paid', context, payment.paymentDate);
    await context.moneyMoved?.(tx, bill, 'paid');
  }
}

/**
 * paid → payment_pending. The current round's payment approval is deleted (the bill event and the
 * audit record keep the history), so the payment step waits again and its task reopens.
 */
async function reversePayment(tx: DbOrTx, bill: BillRow, context: TransitionContext, reason: string) {
  const decision = decideReversePayment(bill, context.caller);
  if (!decision.ok) refuse(decision);
  await deleteStepApprovals(tx, bill.id, bill.round, 'payment_pending');
  const step = bill.plan.find((s) => s.kind === 'payment_pending') ?? null;
  await moveBill(tx, bill, context, {
    to: 'payment_pending',
    action: 'reverse_payment',
    step,
    fields: { paidAt: null, paidDate: null, paidFromInstitutionId: null, paymentReference: null },
    data: { reason, paid_date: bill.paidDate, reference: bill.paymentReference },
    audit: 'bill_payment_reversed',
  });
  await postToBooks(tx, bill, 'payment_reversed', context, context.today);
}

/**
 * Applies one workflow action to a bill the caller's transaction has locked (FOR UPDATE) and whose
 * version it checked. Throws forbidden/conflict refusals (WorkflowError, or bill-core's for a payment) on refusal; every write lands in that transaction.
 */
export async function applyWorkflowAction(
  tx: DbOrTx,
  bill: BillRow,
  input: WorkflowAction,
  context: TransitionContext,
): Promise<void> {
  switch (input.action) {
    case 'approve':
      return approve(tx, bill, context, input.verbal === true);
    case 'reject':
      return reject(tx, bill, context, input);
    case 'revise':
      return revise(tx, bill, context, input.reason);
    case 'reverse_payment':
      return reversePayment(tx, bill, context, input.reason);
    case 'record_payment':
      return recordPayment(tx, bill, context, input);
  }
}
