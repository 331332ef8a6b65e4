import type { Bill, BillApprovalStep, BillLine, PersonRef } from '@bp/contracts';
import { type ApprovalStep, type BillStatus, PERMISSION_LABELS } from '@bp/domain';
import { asc, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { BillRow } from '../bill-core/index.ts';
import {
  allowedActionsWithReasonIn,
  approvalsOfBill,
  billLineColumns,
  billLineList,
  billList,
  peopleById,
  selectSummaries,
  toSummary,
  type WorkflowState,
  workflowStateFrom,
} from '../bill-core/index.ts';
import { unreadMessagesOn } from '../bill-messages/index.ts';
import { paidFromAccount } from '../client-records/index.ts';
import { accountList, display2Levels, divisionList, parentAccountList } from '../entities/index.ts';
import { deleteBlockedGiven, editBlockedGiven } from './bill-rules.ts';

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

async function presentLines(db: DbOrTx, billId: number): Promise<BillLine[]> {
  const rows = await db
    .select({
      line: billLineColumns,
      account: { guid: accountList.guid, name: accountList.name },
      parentName: parentAccountList.name,
      division: { guid: divisionList.guid, name: divisionList.name },
    })
    .from(billLineList)
    .innerJoin(accountList, eq(accountList.id, billLineList.accountId))
    .leftJoin(parentAccountList, eq(parentAccountList.id, accountList.parentId))
    .leftJoin(divisionList, eq(divisionList.id, billLineList.divisionId))
    .where(eq(billLineList.billId, billId))
    .orderBy(asc(billLineList.position));
  return rows.map((r) => ({
    guid: r.line.guid,
    account: {
      guid: r.account.guid,
      name: r.account.name,
      display_2_levels: display2Levels(r.account.name, r.parentName),
    },
    division: r.division,
    memo: r.line.memo,
    amount: r.line.amount,
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

/** The bill page: summary, lines, plan, what the caller may do and its unread messages. */
export async function presentBill(db: DbOrTx, bill: BillRow, viewer: BillViewer): Promise<Bill> {
  const [summary] = await selectSummaries(db).where(eq(billList.id, bill.id));
  if (!summary) throw new Error(`bill ${bill.id} vanished while being shown`);
  // One read of the approvals (every round) for the plan, the buttons and the edit/delete rules, and one
  // of the people it names (the approvers and whoever entered the bill).
  const approvals = await approvalsOfBill(db, bill.id);
  const state = workflowStateFrom(bill, approvals);
  const people = await peopleById(db, [bill.createdByUserId, ...state.rows.map((r) => r.userId)]);
  const canEditBills =
    viewer.scope.via === 'staff' && (viewer.scope.organization?.permissions.has('bills.edit') ?? false);
  const { actions, approveRefusal } = await allowedActionsWithReasonIn(db, bill, state, {
    userId: viewer.userId,
    client: viewer.scope,
  });
  return {
    ...toSummary(summary),
    lines: await presentLines(db, bill.id),
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
    unread_messages: await unreadMessagesOn(db, bill.id, viewer.userId),
  };
}
