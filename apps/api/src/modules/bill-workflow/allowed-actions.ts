import type { DbOrTx } from '../../platform/db.ts';
import type { bills } from '../bills/tables.ts';
import {
  type Caller,
  decideApprove,
  decideReject,
  decideReversePayment,
  decideRevise,
} from './eligibility.ts';
import { workflowState } from './state.ts';

export interface AllowedActions {
  approve: boolean;
  reject: boolean;
  revise: boolean;
  record_verbal_approval: boolean;
  reverse_payment: boolean;
}

/**
 * The workflow buttons the caller should see on a bill: exactly the actions the workflow routes would
 * accept now, because both ask the same eligibility functions.
 */
export async function allowedActions(
  tx: DbOrTx,
  bill: typeof bills.$inferSelect,
  caller: Caller,
): Promise<AllowedActions> {
  const state = await workflowState(tx, bill);
  const approve = await decideApprove(tx, bill, state, caller);
  const verbal = await decideApprove(tx, bill, state, caller, { verbal: true });
  return {
    approve: approve.ok,
    reject: (await decideReject(tx, bill, state, caller)).ok,
    revise: (await decideRevise(tx, bill, state, caller)).ok,
    record_verbal_approval: verbal.ok && verbal.kind === 'record_verbal',
    reverse_payment: decideReversePayment(bill, caller).ok,
  };
}
