import {
  type ApprovalStepKind,
  effectivePermissions,
  isStepSatisfied,
  PAYMENT_TASK_BY_METHOD,
  type TaskKind,
} from '@bp/domain';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type BillRow, billById, countsAsApproval, workflowState } from '../bill-core/index.ts';
import { clientAssignmentList } from '../clients/index.ts';
import { groupGrantsOf } from '../groups/index.ts';
import { memberships } from '../organizations/index.ts';
import { tasks } from './tables.ts';

/** Statuses in which a task still waits for someone. */
const CLOSED_TASK_STATUSES = ['completed', 'cancelled'] as const;

/** Statuses in which a bill waits on nobody: no bill task stays open. */
const IDLE_BILL_STATUSES = new Set(['pre_bill', 'rejected', 'changes_required', 'paid']);

interface WantedTask {
  kind: TaskKind;
  step: ApprovalStepKind;
  permission: string | null;
}

/** The one task the bill's current state calls for, or null (client-only steps, autopay, idle bills). */
function wantedTask(bill: BillRow, state: Awaited<ReturnType<typeof workflowState>>): WantedTask | null {
  if (IDLE_BILL_STATUSES.has(bill.status)) return null;
  if (state.pendingVerbal) {
    return {
      kind: 'approve_verbal_approval',
      step: state.pendingVerbal.step,
      permission: 'bills.approve_verbal',
    };
  }
  const step = state.step;
  if (!step) return null;
  if (step.kind === 'payment_pending') {
    const kind = PAYMENT_TASK_BY_METHOD[bill.paymentMethod];
    return kind ? { kind, step: step.kind, permission: step.who.permission } : null;
  }
  if (!step.task) return null;
  // A client step's task is staff chasing the approval (or recording it by phone).
  return { kind: step.task, step: step.kind, permission: step.who.permission ?? step.who.verbal_permission };
}

/**
 * The staff member a task goes to: someone assigned to the client ('assigned' before 'backup') who
 * holds the permission; null when nobody does (the task then waits in the organisation's queue).
 */
async function assigneeFor(tx: DbOrTx, bill: BillRow, permission: string | null): Promise<number | null> {
  const candidates = await tx
    .select({
      organizationUserId: memberships.id,
      role: memberships.role,
      teamLabel: memberships.teamLabel,
    })
    .from(clientAssignmentList)
    .innerJoin(memberships, eq(memberships.id, clientAssignmentList.organizationUserId))
    .where(
      and(
        eq(clientAssignmentList.clientId, bill.clientId),
        eq(memberships.organizationId, bill.organizationId),
        eq(memberships.isActive, true),
      ),
    )
    .orderBy(
      sql`case when ${clientAssignmentList.kind} = 'assigned' then 0 else 1 end`,
      asc(clientAssignmentList.id),
    );
  if (candidates.length === 0) return null;
  if (permission === null) return candidates[0]?.organizationUserId ?? null;
  const grants = await groupGrantsOf(
    tx,
    candidates.map((c) => c.organizationUserId),
  );
  for (const c of candidates) {
    const held = effectivePermissions({
      role: c.role,
      team_label: c.teamLabel,
      groupPermissions: grants
        .filter((g) => g.organizationUserId === c.organizationUserId)
        .map((g) => g.slug),
    });
    if ((held as string[]).includes(permission)) return c.organizationUserId;
  }
  return null;
}

/**
 * Brings a bill's tasks in line with its state, inside the caller's transaction: the task of the step the
 * bill now waits on is opened (unless already open), and every other open task of the bill is closed:
 * `completed` when its step is done in the current round (by whoever approved it), `cancelled` otherwise
 * (bill rejected, sent back with revise, re-planned, or a payment reversed).
 */
export async function syncBillTasks(tx: DbOrTx, billId: number): Promise<void> {
  const bill = await billById(tx, billId);
  if (!bill) return;
  const state = await workflowState(tx, bill);
  const wanted = wantedTask(bill, state);
  const open = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.billId, bill.id), notInArray(tasks.status, [...CLOSED_TASK_STATUSES])));

  // Rejected, sent back or back to draft: the steps' tasks are cancelled, whatever they were.
  const stopped =
    bill.status === 'rejected' || bill.status === 'changes_required' || bill.status === 'pre_bill';
  let keep = false;
  for (const task of open) {
    if (wanted && !keep && task.kind === wanted.kind && task.step === wanted.step) {
      keep = true;
      continue;
    }
    const step = state.plan.find((s) => s.kind === task.step);
    let doneBy: number | null | undefined;
    if (!stopped && step && isStepSatisfied(step, state.counted)) {
      const row = state.rows.find((r) => r.step === task.step && countsAsApproval(r));
      doneBy = row ? (row.confirmedByUserId ?? row.userId) : null;
    } else if (!stopped && wanted?.kind === 'approve_verbal_approval' && task.step === wanted.step) {
      // Staff took the client's approval by phone: the chase task is done, the confirmation task opens.
      doneBy = state.pendingVerbal?.userId ?? null;
    }
    await tx
      .update(tasks)
      .set({
        status: doneBy !== undefined ? 'completed' : 'cancelled',
        completedAt: sql`now()`,
        completedByUserId: doneBy ?? null,
      })
      .where(eq(tasks.id, task.id));
  }
  if (wanted && !keep) {
    await tx.insert(tasks).values({
      organizationId: bill.organizationId,
      clientId: bill.clientId,
      billId: bill.id,
      kind: wanted.kind,
      status: 'ready',
      step: wanted.step,
      permission: wanted.permission,
      assignedOrganizationUserId: await assigneeFor(tx, bill, wanted.permission),
    });
  }
}
