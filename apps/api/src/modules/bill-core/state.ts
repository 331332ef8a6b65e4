import { type ApprovalStep, nextStep, type RecordedApproval } from '@bp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type BillRow, billApprovals } from './tables.ts';

export type ApprovalRow = typeof billApprovals.$inferSelect;

/**
 * Where a bill stands in its approval plan: the approvals of the current round, those that count
 * (approved, and for a verbal approval only once a second staff member confirmed it), and the step it
 * waits on. One reader for the transitions, the buttons (allowedActions) and the tasks (syncBillTasks),
 * so the three never disagree.
 */
export interface WorkflowState {
  plan: ApprovalStep[];
  rows: ApprovalRow[];
  counted: RecordedApproval[];
  /** The step the plan waits on; null once payment is done (or the bill has no plan: a draft). */
  step: ApprovalStep | null;
  /** A phone approval recorded by staff and not yet confirmed (the bill is in verbal_approval). */
  pendingVerbal: ApprovalRow | null;
}

export function countsAsApproval(row: ApprovalRow): boolean {
  return row.result === 'approved' && (!row.verbal || row.confirmedByUserId !== null);
}

export async function workflowState(tx: DbOrTx, bill: BillRow): Promise<WorkflowState> {
  const rows = await tx
    .select()
    .from(billApprovals)
    .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.round, bill.round)));
  return stateFrom(bill, rows);
}

/**
 * Every approval of a bill, of every round: the bill page reads them once and derives its state
 * (`workflowStateFrom`), whether it may still be edited (approvals of this round) and deleted (of any
 * round) from the same rows, instead of four reads of the same table.
 */
export async function approvalsOfBill(tx: DbOrTx, billId: number): Promise<ApprovalRow[]> {
  return tx.select().from(billApprovals).where(eq(billApprovals.billId, billId));
}

/** The state of a bill from approvals already read (any rounds; only the bill's current round counts). */
export function workflowStateFrom(bill: BillRow, approvals: ApprovalRow[]): WorkflowState {
  return stateFrom(
    bill,
    approvals.filter((r) => r.round === bill.round),
  );
}

/** The states of many bills (a queue page) from one read of their approvals. */
export async function workflowStates(tx: DbOrTx, list: BillRow[]): Promise<Map<number, WorkflowState>> {
  const ids = list.map((b) => b.id);
  const rows =
    ids.length === 0 ? [] : await tx.select().from(billApprovals).where(inArray(billApprovals.billId, ids));
  return new Map(
    list.map((bill) => [
      bill.id,
      stateFrom(
        bill,
        rows.filter((r) => r.billId === bill.id && r.round === bill.round),
      ),
    ]),
  );
}

function stateFrom(bill: BillRow, rows: ApprovalRow[]): WorkflowState {
  const counted = rows
    .filter(countsAsApproval)
    .map((r) => ({ step: r.step, user_id: String(r.userId ?? `deleted-${r.id}`) }));
  const plan = bill.plan ?? [];
  const step = plan.length > 0 ? nextStep(plan, counted) : null;
  const pendingVerbal =
    rows.find((r) => r.verbal && r.result === 'approved' && r.confirmedByUserId === null) ?? null;
  return { plan, rows, counted, step, pendingVerbal };
}

/** Users who already acted on this bill in this round (approved a step, recorded or confirmed a phone approval). */
export function actedInRound(state: WorkflowState, userId: number): ApprovalRow | null {
  return (
    state.rows.find(
      (r) => r.result === 'approved' && (r.userId === userId || r.confirmedByUserId === userId),
    ) ?? null
  );
}
