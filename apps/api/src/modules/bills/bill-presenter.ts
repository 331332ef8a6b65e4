import type { Bill, BillApprovalStep, BillLine, PersonRef } from '@bp/contracts';
import { type ApprovalStep, type BillStatus, PERMISSION_LABELS } from '@bp/domain';
import type { ClientScope } from '../../platform/access.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { BillRow } from '../bill-core/index.ts';
import {
  allowedActionsWithReasonIn,
  toSummary,
  type WorkflowState,
  workflowStateFrom,
} from '../bill-core/index.ts';
import { paidFromAccount } from '../client-records/index.ts';
import { display2Levels } from '../entities/index.ts';
import {
  type BillPageLine,
  type BillPageRead,
  byBillId,
  readBillPage,
  readVisibleBillPage,
} from './bill-page-read.ts';
import { deleteBlockedGiven, editBlockedGiven } from './bill-rules.ts';
import { notFound } from './errors.ts';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Who may act on a step, in words for the bill page. */
export function whoInWords(step: ApprovalStep): string {
  const parts: string[] = [];
  if (step.who.client_roles.length > 0) {
    parts.push(`A ${step.who.client_roles.join(' or ')}`);
  }
  if (step.who.permission) parts.push(`Staff who may ${lowerFirst(PERMISSION_LABELS[step.who.permission])}`);
  let words = parts.join(', or ');
  if (step.who.verbal_permission) {
    words += `, or staff who may ${lowerFirst(PERMISSION_LABELS[step.who.verbal_permission])} (for an approval given by phone)`;
  }
  if (step.excludes_user !== null && step.who.permission)
    words += ', other than the person who entered the bill';
  return words;
}

/** Statuses in which no step of the plan is waiting for anyone. */
const NOT_WAITING: readonly BillStatus[] = ['pre_bill', 'rejected', 'changes_required', 'paid'];

function presentLines(lines: BillPageLine[]): BillLine[] {
  return lines.map((r) => ({
    guid: r.guid,
    account: {
      guid: r.account.guid,
      name: r.account.name,
      display_2_levels: display2Levels(r.account.name, r.parentName),
    },
    division: r.division,
    memo: r.memo,
    amount: r.amount,
  }));
}

/**
 * The plan as the bill page shows it: each step with why it is needed and who may act, merged with
 * what happened to it in the current round, and the step the bill waits on marked `current`.
 */
function presentPlan(
  bill: BillRow,
  state: WorkflowState,
  people: Map<number, PersonRef>,
): BillApprovalStep[] {
  const waiting = NOT_WAITING.includes(bill.status) ? null : state.step;
  return state.plan.map((step) => {
    const row = state.rows.find((r) => r.step === step.kind) ?? null;
    const verbalPending = row?.verbal === true && row.result === 'approved' && row.confirmedByUserId === null;
    const done = row !== null && !verbalPending;
    return {
      kind: step.kind,
      status: step.status,
      reason: step.reason,
      who: whoInWords(step),
      permission: step.who.permission,
      client_roles: [...step.who.client_roles],
      skipped: step.skipped,
      vendor_check: step.vendor_check,
      result: step.skipped ? 'not_needed' : done ? row.result : null,
      approved_by: row?.userId ? (people.get(row.userId) ?? null) : null,
      approved_on: row ? row.createdAt.toISOString() : null,
      verbal_pending: verbalPending,
      current: waiting?.kind === step.kind,
    };
  });
}

/** The client's account a recorded payment left from (decision 015). */
async function paidFromAccountOf(db: DbOrTx, bill: BillRow): Promise<Bill['paid_from_account']> {
  if (bill.paidFromInstitutionId === null) return null;
  return paidFromAccount(db, bill.paidFromInstitutionId);
}

export interface BillViewer {
  scope: ClientScope;
  userId: number;
}

/**
 * The bill page: summary, lines, plan, what the caller may do and its unread messages, read in one
 * statement (bill-page-read.ts); a client user's limits and a paid bill's account add their own reads.
 * `bill` is the bill as the caller has it (after a write, in its transaction); the page reads it again
 * with everything else.
 */
export async function presentBill(db: DbOrTx, bill: BillRow, viewer: BillViewer): Promise<Bill> {
  const read = await readBillPage(db, byBillId(bill.id), viewer.userId);
  if (!read) throw new Error(`bill ${bill.id} vanished while being shown`);
  return presentRead(db, read, viewer);
}

/** The bill `billGuid` of the viewer's client as its page, or 404: one statement for staff. */
export async function presentVisibleBill(db: Db, viewer: BillViewer, billGuid: string): Promise<Bill> {
  const read = await readVisibleBillPage(db, viewer.scope, billGuid, viewer.userId);
  if (!read) throw notFound();
  return presentRead(db, read, viewer);
}

async function presentRead(db: DbOrTx, read: BillPageRead, viewer: BillViewer): Promise<Bill> {
  const { summary, approvals, people } = read;
  const bill = summary.bill;
  const state = workflowStateFrom(bill, approvals);
  const canEditBills =
    viewer.scope.via === 'staff' && (viewer.scope.organization?.permissions.has('bills.edit') ?? false);
  const { actions, approveRefusal } = await allowedActionsWithReasonIn(db, bill, state, {
    userId: viewer.userId,
    client: viewer.scope,
  });
  return {
    ...toSummary(summary),
    lines: presentLines(read.lines),
    plan: presentPlan(bill, state, people),
    version: bill.version,
    reject_reason: bill.rejectReason,
    reject_other_description: bill.rejectOtherDescription,
    revise_reason: bill.reviseReason,
    under_power_of_attorney: bill.underPowerOfAttorney,
    vendor_is_new_to_entity: bill.vendorIsNewToEntity,
    sanctions_match: bill.sanctionsMatch,
    commitment_id: bill.commitmentId,
    expected_amount: bill.expectedAmount,
    created_by: bill.createdByUserId === null ? null : (people.get(bill.createdByUserId) ?? null),
    paid_from_account: await paidFromAccountOf(db, bill),
    payment_reference: bill.paymentReference,
    can: {
      ...actions,
      edit: canEditBills && editBlockedGiven(bill, state.rows.length) === null,
      delete: canEditBills && deleteBlockedGiven(bill, approvals.length) === null,
    },
    approve_refusal: approveRefusal,
    unread_messages: read.unread,
  };
}
