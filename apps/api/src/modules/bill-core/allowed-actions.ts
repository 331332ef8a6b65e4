import type { BillActions } from '@bp/contracts';
import type { DbOrTx } from '../../platform/db.ts';
import {
  type Caller,
  decideApprove,
  decideReject,
  decideReversePayment,
  decideRevise,
} from './eligibility.ts';
import { decideRecordPayment, withoutPayment } from './payment.ts';
import { type WorkflowState, workflowState, workflowStates } from './state.ts';
import type { BillRow } from './tables.ts';

export type AllowedActions = BillActions;

async function decideAll(
  tx: DbOrTx,
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
): Promise<AllowedActions> {
  return (await decideAllWithReason(tx, bill, state, caller)).actions;
}

/**
 * The allowed actions and, when approve is refused, the sentence the workflow route would answer
 * (e.g. "This bill is above your approval limit."), so a screen can say why its Approve is disabled.
 */
export async function allowedActionsWithReasonIn(
  tx: DbOrTx,
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
): Promise<{ actions: AllowedActions; approveRefusal: string | null }> {
  return decideAllWithReason(tx, bill, state, caller);
}

async function decideAllWithReason(
  tx: DbOrTx,
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
): Promise<{ actions: AllowedActions; approveRefusal: string | null }> {
  const approve = withoutPayment(await decideApprove(tx, bill, state, caller));
  const verbal = await decideApprove(tx, bill, state, caller, { verbal: true });
  const actions = {
    approve: approve.ok,
    reject: (await decideReject(tx, bill, state, caller)).ok,
    revise: (await decideRevise(tx, bill, state, caller)).ok,
    record_verbal_approval: verbal.ok && verbal.kind === 'record_verbal',
    record_payment: decideRecordPayment(bill, state, caller).ok,
    reverse_payment: decideReversePayment(bill, caller).ok,
  };
  return { actions, approveRefusal: approve.ok ? null : approve.detail };
}

/**
 * The workflow buttons the caller should see on a bill: exactly the actions the workflow routes would
 * accept now, because both ask the same eligibility functions.
 */
export async function allowedActions(tx: DbOrTx, bill: BillRow, caller: Caller): Promise<AllowedActions> {
  return decideAll(tx, bill, await workflowState(tx, bill), caller);
}

/** The same from a state the caller already read (the bill page reads the approvals once for all it shows). */
export const allowedActionsIn = decideAll;

/**
 * The same for a page of bills (the organisation's queues): their approvals in one read. For staff the
 * decisions read nothing more (only a client user's designee limits are looked up), so a page costs
 * one query, not one per bill.
 */
export async function allowedActionsOf(
  tx: DbOrTx,
  list: BillRow[],
  callerOf: (bill: BillRow) => Caller,
): Promise<Map<number, AllowedActions>> {
  const states = await workflowStates(tx, list);
  const result = new Map<number, AllowedActions>();
  for (const bill of list) {
    const state = states.get(bill.id);
    if (state) result.set(bill.id, await decideAll(tx, bill, state, callerOf(bill)));
  }
  return result;
}
