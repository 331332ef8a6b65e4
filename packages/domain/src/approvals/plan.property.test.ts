import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { THIRD_APPROVAL_THRESHOLD_CENTS } from '../constants.ts';
import { PAYMENT_METHOD_VALUES } from '../enums/bills.ts';
import { billStatusAfter, nextStep, planApprovals } from './plan.ts';
import { APPROVAL_STEP_KIND_VALUES, type ApprovalBill, type ApprovalContext } from './types.ts';

/** Amounts clustered around every threshold used below, plus anything up to $100,000. */
const cents = fc.oneof(
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.integer({ min: THIRD_APPROVAL_THRESHOLD_CENTS - 2, max: THIRD_APPROVAL_THRESHOLD_CENTS + 2 }),
  fc.integer({ min: 0, max: 3 }),
);

/** The allowable threshold as an integer of 100000ths (what the entity form saves). */
const hundredThousandths = fc.integer({ min: 0, max: 150_000 });

const billArb: fc.Arbitrary<ApprovalBill> = fc.record({
  amount_cents: cents,
  payment_method: fc.constantFrom(...PAYMENT_METHOD_VALUES),
  created_by: fc.string({ minLength: 1, maxLength: 8 }),
  from_commitment: fc.option(fc.record({ expected_amount_cents: cents }), { nil: null }),
  vendor_is_new_to_entity: fc.boolean(),
  under_power_of_attorney: fc.boolean(),
  sanctions_match: fc.boolean(),
});

const contextArb: fc.Arbitrary<ApprovalContext> = fc.record({
  client_pre_approval_required: fc.boolean(),
  client_pre_approval_threshold: fc.oneof(fc.constant(0), cents),
  allowable_payment_threshold: fc.option(
    hundredThousandths.map((n) => n / 100_000),
    { nil: null },
  ),
  enable_multiple_approvers: fc.boolean(),
  multiple_approver_threshold: fc.oneof(fc.constant(0), cents),
});

/** A commitment bill whose amount sits near the edge of its allowed tolerance. */
const nearEdgeArb = fc
  .record({
    // Round expected amounts make the tolerance a whole number of cents, where floats slip.
    expected: fc.oneof(
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.integer({ min: 0, max: 100_000 }).map((n) => n * 100),
      fc.integer({ min: 0, max: 100 }).map((n) => n * 100_000),
    ),
    scaled: hundredThousandths,
    nudge: fc.integer({ min: -2, max: 2 }),
    above: fc.boolean(),
  })
  .map(({ expected, scaled, nudge, above }) => {
    const tolerance = Math.floor((expected * scaled) / 100_000);
    const amount = Math.max(0, above ? expected + tolerance + nudge : expected - tolerance + nudge);
    return { expected, scaled, amount };
  });

/** Reference: |amount − expected| × 100000 ≤ scaled × expected, in exact integers. */
function within(amount: number, expected: number, scaled: number): boolean {
  const difference = BigInt(Math.abs(amount - expected));
  return difference * 100_000n <= BigInt(scaled) * BigInt(expected);
}

describe('planApprovals properties', () => {
  it('ends every plan in payment_pending, with the payment step only there', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const steps = planApprovals(bill, context);
        expect(steps.at(-1)?.kind).toBe('payment_pending');
        expect(steps.at(-1)?.status).toBe('payment_pending');
        expect(steps.filter((s) => s.kind === 'payment_pending')).toHaveLength(1);
      }),
    );
  });

  it('keeps the steps in the DESIGN order, each at most once', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const order = planApprovals(bill, context).map((s) => APPROVAL_STEP_KIND_VALUES.indexOf(s.kind));
        for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThan(order[i - 1] ?? -1);
      }),
    );
  });

  it('always has supervisor review, excluding the creator', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const org = planApprovals(bill, context).filter((s) => s.kind === 'org_approval');
        expect(org).toHaveLength(1);
        expect(org[0]?.excludes_user).toBe(bill.created_by);
        expect(org[0]?.vendor_check).toBe(bill.vendor_is_new_to_entity);
        expect(
          nextStep(planApprovals(bill, context), [{ step: 'org_approval', user_id: bill.created_by }])?.kind,
        ).not.toBe('payment_pending');
      }),
    );
  });

  it('has the third level iff the amount is above $10,000', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const has = planApprovals(bill, context).some((s) => s.kind === 'third_level_approval');
        expect(has).toBe(bill.amount_cents > THIRD_APPROVAL_THRESHOLD_CENTS);
      }),
    );
  });

  it('has POA approval iff the bill is a wire or under power of attorney', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const has = planApprovals(bill, context).some((s) => s.kind === 'poa_approval');
        expect(has).toBe(bill.payment_method === 'wire' || bill.under_power_of_attorney);
      }),
    );
  });

  it('has OFAC, pre-approval and second approval exactly when their reasons hold', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const kinds = planApprovals(bill, context).map((s) => s.kind);
        const pre = context.client_pre_approval_threshold ?? 0;
        const multiple = context.multiple_approver_threshold ?? 0;
        expect(kinds.includes('ofac_approval')).toBe(bill.sanctions_match);
        expect(kinds.includes('client_pre_approval')).toBe(
          context.client_pre_approval_required && (pre === 0 || bill.amount_cents > pre),
        );
        expect(kinds.includes('needs_2nd_approval')).toBe(
          context.enable_multiple_approvers && bill.amount_cents > multiple,
        );
      }),
    );
  });

  it('skips the client step only for a commitment bill within the threshold', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const steps = planApprovals(bill, context);
        const client = steps.filter((s) => s.kind === 'client_approval');
        expect(client).toHaveLength(1);
        const fraction = context.allowable_payment_threshold;
        const expected =
          bill.from_commitment != null &&
          fraction !== null &&
          within(
            bill.amount_cents,
            bill.from_commitment.expected_amount_cents,
            Math.round(fraction * 100_000),
          );
        expect(client[0]?.skipped).toBe(expected);
        expect(client[0]?.result).toBe(expected ? 'not_needed' : null);
        expect(client[0]?.event).toBe(expected ? 'bill_auto_approved' : null);
        expect(steps.filter((s) => s.skipped).length).toBe(expected ? 1 : 0);
      }),
    );
  });

  it('decides the commitment edge exactly, one cent either side', () => {
    fc.assert(
      fc.property(nearEdgeArb, ({ expected, scaled, amount }) => {
        const client = planApprovals(
          { ...sampleBill, amount_cents: amount, from_commitment: { expected_amount_cents: expected } },
          { ...sampleContext, allowable_payment_threshold: scaled / 100_000 },
        ).find((s) => s.kind === 'client_approval');
        expect(client?.skipped).toBe(within(amount, expected, scaled));
      }),
      { numRuns: 1000 },
    );
  });

  it('reaches paid once every waiting step is approved by a fresh user', () => {
    fc.assert(
      fc.property(billArb, contextArb, (bill, context) => {
        const steps = planApprovals(bill, context);
        const approvals = steps.map((s, i) => ({ step: s.kind, user_id: `approver-${i}` }));
        expect(billStatusAfter(steps, approvals)).toBe('paid');
        expect(billStatusAfter(steps, [])).toBe(steps.find((s) => !s.skipped)?.status);
      }),
    );
  });
});

const sampleBill: ApprovalBill = {
  amount_cents: 0,
  payment_method: 'ach',
  created_by: 'u-1',
  from_commitment: null,
  vendor_is_new_to_entity: false,
  under_power_of_attorney: false,
  sanctions_match: false,
};
const sampleContext: ApprovalContext = {
  client_pre_approval_required: false,
  client_pre_approval_threshold: 0,
  allowable_payment_threshold: null,
  enable_multiple_approvers: false,
  multiple_approver_threshold: 0,
};
