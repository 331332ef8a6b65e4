import {
  isEligibleApprover,
  PAYMENT_REFERENCE_LABELS,
  PERMISSION_LABELS,
  paymentReferenceRequired,
} from '@bp/domain';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { clientAccountByGuid } from '../client-records/index.ts';
import type { ApproveDecision, Caller, Refusal } from './eligibility.ts';
import { type BillCoreError, conflict } from './errors.ts';
import type { WorkflowState } from './state.ts';
import type { BillRow } from './tables.ts';

/**
 * Recording a payment (docs/decisions/015-recording-payments.md). Paying is its own action: the bill
 * in payment_pending becomes paid only with the date, the account paid from and the method's reference.
 */

/** The refusal of `approve` on a bill waiting for its payment: approve never marks a bill paid. */
export const APPROVE_IS_NOT_PAYMENT =
  'This bill waits for its payment. Record the payment (POST .../workflow/record-payment) with the payment date, the account paid from and the reference.';
export const RECORD_PAYMENT_REQUIRED = 'record_payment_required';

/** approve's decision with the payment step taken out: approving payment_pending answers 409. */
export function withoutPayment(decision: ApproveDecision): ApproveDecision {
  if (decision.ok && decision.kind === 'approve' && decision.step.kind === 'payment_pending') {
    return { ok: false, status: 409, detail: APPROVE_IS_NOT_PAYMENT };
  }
  return decision;
}

export const approveRefusal = (refusal: Refusal): BillCoreError | null =>
  refusal.detail === APPROVE_IS_NOT_PAYMENT ? conflict(refusal.detail, RECORD_PAYMENT_REQUIRED) : null;

/**
 * record_payment: a bill waiting on its payment step, by staff holding that step's permission
 * ('Approve payments'). Whoever approved an earlier step may still pay (paying is not an approval).
 */
export function decideRecordPayment(
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
): { ok: true } | Refusal {
  const deny = (detail: string): Refusal => ({ ok: false, status: 403, detail });
  if (caller.client.via !== 'staff') return deny('Only staff record a payment.');
  if (bill.status === 'paid') return { ok: false, status: 409, detail: 'This bill is already paid.' };
  const step = state.step;
  if (bill.status !== 'payment_pending' || step?.kind !== 'payment_pending') {
    return { ok: false, status: 409, detail: 'Only a bill waiting for its payment can be paid.' };
  }
  const permission = step.who.permission;
  if (!permission || !(caller.client.organization?.permissions.has(permission) ?? false)) {
    return deny(
      permission
        ? `You need the permission '${PERMISSION_LABELS[permission]}' for this step.`
        : 'Nobody may pay this bill.',
    );
  }
  if (!isEligibleApprover(step, String(caller.userId), state.counted)) {
    return deny('You may not pay this bill; another staff member must record its payment.');
  }
  return { ok: true };
}

export interface PaymentDetails {
  payment_date: string;
  paid_from_account: string;
  reference?: string | null;
}

export interface CheckedPayment {
  paymentDate: string;
  institution: { id: number; name: string; accountLast4: string | null };
  reference: string | null;
}

/** "Operating account ••4821": how the account paid from is named in the history. */
export const accountLabel = (a: { name: string; accountLast4: string | null }) =>
  a.accountLast4 ? `${a.name} ••${a.accountLast4}` : a.name;

/**
 * The payment details checked against this bill: a date not after today (where the caller is), one of
 * the bill's client's accounts, and a reference when the bill's method needs one. 400 {field: [msg]}.
 */
export async function checkPayment(
  tx: DbOrTx,
  bill: BillRow,
  details: PaymentDetails,
  today: string,
): Promise<CheckedPayment> {
  const errors: Record<string, string[]> = {};
  if (details.payment_date > today) errors.payment_date = ['The payment date cannot be after today.'];
  const reference = details.reference?.trim() || null;
  if (!reference && paymentReferenceRequired(bill.paymentMethod)) {
    errors.reference = [
      `Enter the reference of this payment (${PAYMENT_REFERENCE_LABELS[bill.paymentMethod]}).`,
    ];
  }
  const account = await clientAccountByGuid(tx, bill.clientId, details.paid_from_account);
  const institution = account && { id: account.id, name: account.name, accountLast4: account.accountLast4 };
  if (!institution) errors.paid_from_account = ["Choose one of the client's accounts."];
  if (Object.keys(errors).length > 0 || !institution) throw new ValidationError(errors);
  return { paymentDate: details.payment_date, institution, reference };
}
