/**
 * Bill approval routing (DESIGN.md §6): which approvals a bill needs, in which order, who may give
 * each and why. Pure: the API applies the plan (statuses, events, tasks) in its transactions.
 * Choices the DESIGN leaves open: docs/decisions/008-approval-routing.md.
 */
import { THIRD_APPROVAL_THRESHOLD_CENTS } from '../constants.ts';
import { numberToDecimalString, parseScaledDecimal } from '../decimal.ts';
import type { BillStatus, PaymentMethod } from '../enums/bills.ts';
import { PAYMENT_METHOD_LABELS } from '../enums/bills.ts';
import type { TaskKind } from '../enums/tasks.ts';
import { formatMoney } from '../money.ts';
import type { Permission } from '../permissions.ts';
import { PAYMENT_THRESHOLD_FRACTION_DECIMALS, paymentThresholdToPercent } from '../thresholds.ts';
import {
  type ApprovalBill,
  type ApprovalContext,
  type ApprovalStep,
  type ApprovalStepKind,
  CLIENT_APPROVER_ROLES,
  type RecordedApproval,
  type StepActors,
} from './types.ts';

/** The payment task created when a bill reaches payment_pending; none for autopay and client-paid. */
export const PAYMENT_TASK_BY_METHOD: Readonly<Record<PaymentMethod, TaskKind | null>> = {
  ach: 'approve_ach',
  check: 'approve_check',
  eft: 'approve_eft',
  wire: 'approve_wire',
  auto: null,
  client: null,
};

const FRACTION_SCALE = 10n ** BigInt(PAYMENT_THRESHOLD_FRACTION_DECIMALS);

function requireCents(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
  }
  return value;
}

function thresholdCents(name: string, value: number | null | undefined): number {
  return value === null || value === undefined ? 0 : requireCents(name, value);
}

/**
 * allowable_payment_threshold as an integer of 100000ths (0.05 → 5000), rounded half away from zero
 * to the 5 decimals it is saved with; null stays null (auto-approve off).
 */
function thresholdHundredThousandths(fraction: number | null | undefined): number | null {
  if (fraction === null || fraction === undefined) return null;
  const text = Number.isFinite(fraction) && fraction >= 0 ? numberToDecimalString(fraction) : null;
  const scaled = text === null ? null : parseScaledDecimal(text, PAYMENT_THRESHOLD_FRACTION_DECIMALS);
  if (scaled === null) {
    throw new RangeError(
      `allowable_payment_threshold must be a non-negative fraction or null, got ${fraction}`,
    );
  }
  return scaled;
}

/**
 * Whether `amount` is within `fraction` of `expected`: |amount − expected| ≤ fraction × expected,
 * compared exactly in integers (cents × 100000ths), so 0.29 of $1.00 allows exactly 29 cents.
 * Equality counts as within. `fraction` null (auto-approve off) → false.
 */
export function isWithinAllowablePaymentThreshold(
  amountCents: number,
  expectedCents: number,
  fraction: number | null | undefined,
): boolean {
  const amount = BigInt(requireCents('amount_cents', amountCents));
  const expected = BigInt(requireCents('expected_amount_cents', expectedCents));
  const scaled = thresholdHundredThousandths(fraction);
  if (scaled === null) return false;
  const difference = amount > expected ? amount - expected : expected - amount;
  return difference * FRACTION_SCALE <= BigInt(scaled) * expected;
}

/** '5.000' → '5%', '12.340' → '12.34%'. */
function percentText(fraction: number): string {
  return `${paymentThresholdToPercent(fraction).replace(/\.?0+$/, '')}%`;
}

const STAFF = (permission: Permission): StepActors => ({
  permission,
  client_roles: [],
  verbal_permission: null,
});
const CLIENT: StepActors = { permission: null, client_roles: CLIENT_APPROVER_ROLES, verbal_permission: null };

function step(
  kind: ApprovalStepKind,
  status: BillStatus,
  who: StepActors,
  reason: string,
  rest: Partial<ApprovalStep> = {},
): ApprovalStep {
  return {
    kind,
    status,
    who,
    excludes_user: null,
    distinct_from: [],
    reason,
    vendor_check: false,
    skipped: false,
    result: null,
    event: null,
    task: null,
    ...rest,
  };
}

function clientApprovalStep(bill: ApprovalBill, context: ApprovalContext): ApprovalStep {
  const who: StepActors = { ...CLIENT, verbal_permission: 'bills.approve_verbal' };
  const base = { event: null, task: 'approve_client_approval' } as const;
  const commitment = bill.from_commitment;
  const fraction = context.allowable_payment_threshold;
  if (commitment) {
    const expected = commitment.expected_amount_cents;
    const amounts = `${formatMoney(bill.amount_cents)} against the expected ${formatMoney(expected)}`;
    if (fraction === null || fraction === undefined) {
      return step(
        'client_approval',
        'client_approval',
        who,
        `The client or a designee must approve the bill: it comes from a commitment, but auto-approval is off for this entity.`,
        base,
      );
    }
    if (isWithinAllowablePaymentThreshold(bill.amount_cents, expected, fraction)) {
      return step(
        'client_approval',
        'client_approval',
        who,
        `Client approval is not needed: the bill comes from a commitment and its amount (${amounts}) is within the allowable ${percentText(fraction)}.`,
        { skipped: true, result: 'not_needed', event: 'bill_auto_approved', task: null },
      );
    }
    return step(
      'client_approval',
      'client_approval',
      who,
      `The client or a designee must approve the bill: its amount (${amounts}) is outside the allowable ${percentText(fraction)} of the commitment.`,
      base,
    );
  }
  return step(
    'client_approval',
    'client_approval',
    who,
    'The client or a designee must approve the bill.',
    base,
  );
}

function paymentStep(method: PaymentMethod): ApprovalStep {
  const task = PAYMENT_TASK_BY_METHOD[method];
  const reason =
    method === 'auto'
      ? 'Approved; the vendor collects this autopay bill, so no payment task is created. Mark it paid once it is collected.'
      : method === 'client'
        ? 'Approved; the client pays this bill, so no payment task is created. Mark it paid once the client has paid.'
        : `Approved; the ${PAYMENT_METHOD_LABELS[method]} payment is released next.`;
  return step('payment_pending', 'payment_pending', STAFF('bills.approve_payment'), reason, { task });
}

/**
 * The approval plan of a bill: DESIGN §6 steps 1–7 in order, each present only when its reason holds,
 * then `payment_pending`. The client-approval step is always present; when a commitment bill is
 * auto-approved it stays in the plan with `skipped`, result `not_needed` and event `bill_auto_approved`.
 * "Above" a threshold means strictly greater; an amount equal to it does not trigger the step.
 * Throws a RangeError on amounts that are not non-negative integer cents or on a negative fraction.
 */
export function planApprovals(bill: ApprovalBill, context: ApprovalContext): ApprovalStep[] {
  const amount = requireCents('amount_cents', bill.amount_cents);
  const preApprovalThreshold = thresholdCents(
    'client_pre_approval_threshold',
    context.client_pre_approval_threshold,
  );
  const multipleThreshold = thresholdCents(
    'multiple_approver_threshold',
    context.multiple_approver_threshold,
  );
  if (bill.from_commitment) {
    requireCents('expected_amount_cents', bill.from_commitment.expected_amount_cents);
  }
  thresholdHundredThousandths(context.allowable_payment_threshold);

  const steps: ApprovalStep[] = [];

  // 1. Client pre-approval.
  if (context.client_pre_approval_required && (preApprovalThreshold === 0 || amount > preApprovalThreshold)) {
    steps.push(
      step(
        'client_pre_approval',
        'client_pre_approval',
        CLIENT,
        preApprovalThreshold === 0
          ? 'Client pre-approval is required for every bill of this entity.'
          : `Client pre-approval is required for bills above ${formatMoney(preApprovalThreshold)}.`,
      ),
    );
  }

  // 2. Supervisor secondary review (always), four eyes; a new vendor is checked here.
  const review =
    'A Lead, Supervisor or Manager other than the person who entered the bill must review it (supervisor secondary review).';
  steps.push(
    step(
      'org_approval',
      'org_approval',
      STAFF('bills.approve_org'),
      bill.vendor_is_new_to_entity
        ? `${review} This is the first payment to a vendor new to the entity, so the review includes a vendor check.`
        : review,
      {
        excludes_user: bill.created_by,
        vendor_check: bill.vendor_is_new_to_entity,
        task: 'approve_org_approval',
      },
    ),
  );

  // 3. Sanctions.
  if (bill.sanctions_match) {
    steps.push(
      step(
        'ofac_approval',
        'ofac_approval',
        STAFF('bills.ofac_clear'),
        'The payee matches a name on the sanctions (OFAC) list; a compliance user must clear it.',
      ),
    );
  }

  // 4. Client approval (or auto-approval of a commitment bill).
  steps.push(clientApprovalStep(bill, context));

  // 5. Second client approver.
  if (context.enable_multiple_approvers && amount > multipleThreshold) {
    steps.push(
      step(
        'needs_2nd_approval',
        'needs_2nd_approval',
        CLIENT,
        `A second client approver, other than the first, is required for bills above ${formatMoney(multipleThreshold)}.`,
        { distinct_from: ['client_approval'], event: 'bill_2nd_approval' },
      ),
    );
  }

  // 6. Third level.
  if (amount > THIRD_APPROVAL_THRESHOLD_CENTS) {
    steps.push(
      step(
        'third_level_approval',
        'org_approval',
        STAFF('bills.approve_third_level'),
        `Bills above ${formatMoney(THIRD_APPROVAL_THRESHOLD_CENTS)} need a third approval by a Manager (or super admin) other than the supervisor reviewer and the person who entered the bill.`,
        { excludes_user: bill.created_by, distinct_from: ['org_approval'] },
      ),
    );
  }

  // 7. Power of attorney: wires and POA payments.
  const isWire = bill.payment_method === 'wire';
  if (isWire || bill.under_power_of_attorney) {
    const reason =
      isWire && bill.under_power_of_attorney
        ? 'This wire is paid under power of attorney; a POA Approval staff member must approve it.'
        : isWire
          ? 'Wires need approval by a POA Approval staff member.'
          : 'Payments made under power of attorney need approval by a POA Approval staff member.';
    steps.push(
      step('poa_approval', 'poa_approval', STAFF('bills.approve_poa'), reason, { task: 'approve_poa' }),
    );
  }

  steps.push(paymentStep(bill.payment_method));
  return steps;
}

/**
 * Whether `userId` may satisfy `step` as far as identity goes: not the excluded user (the creator)
 * and not anyone who approved one of the steps it must be distinct from. Permissions and designee
 * limits are the caller's to check.
 */
export function isEligibleApprover(
  step: ApprovalStep,
  userId: string,
  approvals: readonly RecordedApproval[],
): boolean {
  if (step.excludes_user !== null && userId === step.excludes_user) return false;
  return !approvals.some((a) => step.distinct_from.includes(a.step) && a.user_id === userId);
}

/** Whether a step is done: skipped (auto-approved), or approved by an eligible user. */
export function isStepSatisfied(step: ApprovalStep, approvals: readonly RecordedApproval[]): boolean {
  if (step.skipped) return true;
  return approvals.some((a) => a.step === step.kind && isEligibleApprover(step, a.user_id, approvals));
}

/**
 * The first step of the plan not yet satisfied (the one the bill waits on), or null when every step,
 * including payment, is done. Approvals by ineligible users (the creator at supervisor review, the
 * first client approver at the second approval) do not count.
 */
export function nextStep(
  plan: readonly ApprovalStep[],
  approvals: readonly RecordedApproval[],
): ApprovalStep | null {
  return plan.find((s) => !isStepSatisfied(s, approvals)) ?? null;
}

/** The bill status a plan and its approvals put the bill in: the waiting step's status, or `paid`. */
export function billStatusAfter(
  plan: readonly ApprovalStep[],
  approvals: readonly RecordedApproval[],
): BillStatus {
  return nextStep(plan, approvals)?.status ?? 'paid';
}
