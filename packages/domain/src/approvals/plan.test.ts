import { describe, expect, it } from 'vitest';
import { THIRD_APPROVAL_THRESHOLD_CENTS } from '../constants.ts';
import {
  billStatusAfter,
  isEligibleApprover,
  isWithinAllowablePaymentThreshold,
  nextStep,
  planApprovals,
} from './plan.ts';
import type { ApprovalBill, ApprovalContext, ApprovalStep, ApprovalStepKind } from './types.ts';

const BILL: ApprovalBill = {
  amount_cents: 50_000,
  payment_method: 'ach',
  created_by: 'u-creator',
  from_commitment: null,
  vendor_is_new_to_entity: false,
  under_power_of_attorney: false,
  sanctions_match: false,
};
const OFF: ApprovalContext = {
  client_pre_approval_required: false,
  client_pre_approval_threshold: 0,
  allowable_payment_threshold: null,
  enable_multiple_approvers: false,
  multiple_approver_threshold: 0,
};

function plan(bill: Partial<ApprovalBill> = {}, context: Partial<ApprovalContext> = {}): ApprovalStep[] {
  return planApprovals({ ...BILL, ...bill }, { ...OFF, ...context });
}
function kinds(steps: ApprovalStep[]): ApprovalStepKind[] {
  return steps.map((s) => s.kind);
}
function find(steps: ApprovalStep[], kind: ApprovalStepKind): ApprovalStep {
  const found = steps.find((s) => s.kind === kind);
  if (!found) throw new Error(`no ${kind} step`);
  return found;
}

describe('planApprovals: the plainest bill', () => {
  it('needs supervisor review, client approval, then payment', () => {
    const steps = plan();
    expect(kinds(steps)).toEqual(['org_approval', 'client_approval', 'payment_pending']);
    expect(steps.map((s) => s.status)).toEqual(['org_approval', 'client_approval', 'payment_pending']);
  });
  it('has supervisor review by a staff approver other than the creator', () => {
    const org = find(plan(), 'org_approval');
    expect(org.who).toEqual({ permission: 'bills.approve_org', client_roles: [], verbal_permission: null });
    expect(org.excludes_user).toBe('u-creator');
    expect(org.vendor_check).toBe(false);
    expect(org.task).toBe('approve_org_approval');
    expect(org.reason).toMatch(/other than the person who entered the bill/);
  });
  it('lets a client or designee approve, or staff record a verbal approval', () => {
    const client = find(plan(), 'client_approval');
    expect(client.who).toEqual({
      permission: null,
      client_roles: ['client', 'designee'],
      verbal_permission: 'bills.approve_verbal',
    });
    expect(client.skipped).toBe(false);
    expect(client.result).toBeNull();
    expect(client.reason).toBe('The client or a designee must approve the bill.');
  });
});

describe('client pre-approval (step 1)', () => {
  const on = { client_pre_approval_required: true, client_pre_approval_threshold: 250_000 };
  it('is needed only above the threshold', () => {
    expect(kinds(plan({ amount_cents: 249_999 }, on))).not.toContain('client_pre_approval');
    expect(kinds(plan({ amount_cents: 250_000 }, on))).not.toContain('client_pre_approval');
    const above = plan({ amount_cents: 250_001 }, on);
    expect(above[0]?.kind).toBe('client_pre_approval');
    expect(above[0]?.status).toBe('client_pre_approval');
    expect(above[0]?.who.client_roles).toEqual(['client', 'designee']);
    expect(above[0]?.reason).toBe('Client pre-approval is required for bills above $2,500.00.');
  });
  it('with threshold 0 (or null) is needed for every bill, even a $0.00 one', () => {
    for (const threshold of [0, null]) {
      for (const amount of [0, 1, 5_000_000]) {
        const steps = plan(
          { amount_cents: amount },
          { client_pre_approval_required: true, client_pre_approval_threshold: threshold },
        );
        expect(steps[0]?.kind).toBe('client_pre_approval');
        expect(steps[0]?.reason).toBe('Client pre-approval is required for every bill of this entity.');
      }
    }
  });
  it('is never needed when the flag is off, whatever the threshold', () => {
    expect(kinds(plan({ amount_cents: 9_000_000 }, { client_pre_approval_threshold: 100 }))).not.toContain(
      'client_pre_approval',
    );
    expect(kinds(plan({ amount_cents: 1 }, { client_pre_approval_threshold: 0 }))).not.toContain(
      'client_pre_approval',
    );
  });
});

describe('new vendor (step 2)', () => {
  it('adds a vendor check to supervisor review, not a separate step', () => {
    const steps = plan({ vendor_is_new_to_entity: true });
    expect(kinds(steps)).toEqual(['org_approval', 'client_approval', 'payment_pending']);
    const org = find(steps, 'org_approval');
    expect(org.vendor_check).toBe(true);
    expect(org.reason).toMatch(/first payment to a vendor new to the entity/);
  });
});

describe('sanctions (step 3)', () => {
  it('adds an OFAC clearance after supervisor review and before the client', () => {
    const steps = plan({ sanctions_match: true });
    expect(kinds(steps)).toEqual(['org_approval', 'ofac_approval', 'client_approval', 'payment_pending']);
    const ofac = find(steps, 'ofac_approval');
    expect(ofac.status).toBe('ofac_approval');
    expect(ofac.who.permission).toBe('bills.ofac_clear');
  });
});

describe('commitment auto-approval (step 4)', () => {
  const commitment = { from_commitment: { expected_amount_cents: 100_000 } };
  const fivePercent = { allowable_payment_threshold: 0.05 };
  it('skips client approval within the threshold, keeping the step marked not_needed', () => {
    for (const amount of [95_000, 95_001, 100_000, 104_999, 105_000]) {
      const client = find(plan({ ...commitment, amount_cents: amount }, fivePercent), 'client_approval');
      expect(client.skipped, String(amount)).toBe(true);
      expect(client.result).toBe('not_needed');
      expect(client.event).toBe('bill_auto_approved');
      expect(client.task).toBeNull();
    }
    const at = find(plan({ ...commitment, amount_cents: 105_000 }, fivePercent), 'client_approval');
    expect(at.reason).toBe(
      'Client approval is not needed: the bill comes from a commitment and its amount ($1,050.00 against the expected $1,000.00) is within the allowable 5%.',
    );
  });
  it('needs client approval one cent outside the threshold, either way', () => {
    for (const amount of [94_999, 105_001]) {
      const client = find(plan({ ...commitment, amount_cents: amount }, fivePercent), 'client_approval');
      expect(client.skipped, String(amount)).toBe(false);
      expect(client.result).toBeNull();
      expect(client.event).toBeNull();
      expect(client.reason).toMatch(/outside the allowable 5% of the commitment/);
    }
  });
  it('never skips when auto-approve is off (threshold null), even at the exact amount', () => {
    const client = find(plan({ ...commitment, amount_cents: 100_000 }), 'client_approval');
    expect(client.skipped).toBe(false);
    expect(client.reason).toMatch(/auto-approval is off/);
  });
  it('never skips a bill that is not from a commitment', () => {
    expect(find(plan({ amount_cents: 100_000 }, fivePercent), 'client_approval').skipped).toBe(false);
  });
  it('with threshold 0 skips only an exact match', () => {
    const zero = { allowable_payment_threshold: 0 };
    expect(find(plan({ ...commitment, amount_cents: 100_000 }, zero), 'client_approval').skipped).toBe(true);
    expect(find(plan({ ...commitment, amount_cents: 100_001 }, zero), 'client_approval').skipped).toBe(false);
  });
  it('compares without floating-point error (0.29 × 100 is 28.999… in floats)', () => {
    const tiny = { from_commitment: { expected_amount_cents: 100 } };
    expect(
      find(plan({ ...tiny, amount_cents: 129 }, { allowable_payment_threshold: 0.29 }), 'client_approval')
        .skipped,
    ).toBe(true);
    expect(
      find(plan({ ...tiny, amount_cents: 157 }, { allowable_payment_threshold: 0.57 }), 'client_approval')
        .skipped,
    ).toBe(true);
    expect(
      find(plan({ ...tiny, amount_cents: 130 }, { allowable_payment_threshold: 0.29 }), 'client_approval')
        .skipped,
    ).toBe(false);
  });
  it('keeps the other steps when client approval is skipped', () => {
    const steps = plan(
      { ...commitment, amount_cents: 100_000, payment_method: 'wire' },
      { ...fivePercent, enable_multiple_approvers: true, multiple_approver_threshold: 50_000 },
    );
    expect(kinds(steps)).toEqual([
      'org_approval',
      'client_approval',
      'needs_2nd_approval',
      'poa_approval',
      'payment_pending',
    ]);
  });
});

describe('isWithinAllowablePaymentThreshold', () => {
  it('counts equality as within and rounds the fraction to its 5 saved decimals', () => {
    expect(isWithinAllowablePaymentThreshold(1_012_346, 1_000_000, 0.012346)).toBe(true); // 0.01235
    expect(isWithinAllowablePaymentThreshold(1_012_351, 1_000_000, 0.012346)).toBe(false);
    expect(isWithinAllowablePaymentThreshold(0, 0, 0)).toBe(true);
    expect(isWithinAllowablePaymentThreshold(1, 0, 1)).toBe(false);
    expect(isWithinAllowablePaymentThreshold(250_000, 100_000, 1.5)).toBe(true);
    expect(isWithinAllowablePaymentThreshold(100, 100, null)).toBe(false);
  });
  it('is exact for amounts up to the largest safe integer', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(isWithinAllowablePaymentThreshold(max, max - 1, 0.00001)).toBe(true);
    expect(isWithinAllowablePaymentThreshold(0, max, 1)).toBe(true);
    expect(isWithinAllowablePaymentThreshold(0, max, 0.99999)).toBe(false);
  });
  it('rejects negative or fractional cents and negative fractions', () => {
    expect(() => isWithinAllowablePaymentThreshold(-1, 100, 0.1)).toThrow(RangeError);
    expect(() => isWithinAllowablePaymentThreshold(1.5, 100, 0.1)).toThrow(RangeError);
    expect(() => isWithinAllowablePaymentThreshold(100, 100, -0.1)).toThrow(RangeError);
    expect(() => isWithinAllowablePaymentThreshold(100, 100, Number.NaN)).toThrow(RangeError);
  });
});

describe('second client approver (step 5)', () => {
  const on = { enable_multiple_approvers: true, multiple_approver_threshold: 500_000 };
  it('is needed only above the threshold', () => {
    expect(kinds(plan({ amount_cents: 499_999 }, on))).not.toContain('needs_2nd_approval');
    expect(kinds(plan({ amount_cents: 500_000 }, on))).not.toContain('needs_2nd_approval');
    const steps = plan({ amount_cents: 500_001 }, on);
    expect(kinds(steps)).toEqual([
      'org_approval',
      'client_approval',
      'needs_2nd_approval',
      'payment_pending',
    ]);
    const second = find(steps, 'needs_2nd_approval');
    expect(second.status).toBe('needs_2nd_approval');
    expect(second.who.client_roles).toEqual(['client', 'designee']);
    expect(second.distinct_from).toEqual(['client_approval']);
    expect(second.event).toBe('bill_2nd_approval');
    expect(second.reason).toBe(
      'A second client approver, other than the first, is required for bills above $5,000.00.',
    );
  });
  it('is never needed with the flag off', () => {
    expect(kinds(plan({ amount_cents: 9_000_000 }, { multiple_approver_threshold: 1 }))).not.toContain(
      'needs_2nd_approval',
    );
  });
  it('with threshold 0 is needed for any bill above $0.00', () => {
    const zero = { enable_multiple_approvers: true, multiple_approver_threshold: 0 };
    expect(kinds(plan({ amount_cents: 1 }, zero))).toContain('needs_2nd_approval');
    expect(kinds(plan({ amount_cents: 0 }, zero))).not.toContain('needs_2nd_approval');
  });
});

describe('third level (step 6)', () => {
  it('is needed only above $10,000.00', () => {
    expect(THIRD_APPROVAL_THRESHOLD_CENTS).toBe(1_000_000);
    expect(kinds(plan({ amount_cents: 999_999 }))).not.toContain('third_level_approval');
    expect(kinds(plan({ amount_cents: 1_000_000 }))).not.toContain('third_level_approval');
    const steps = plan({ amount_cents: 1_000_001 });
    expect(kinds(steps)).toEqual([
      'org_approval',
      'client_approval',
      'third_level_approval',
      'payment_pending',
    ]);
    const third = find(steps, 'third_level_approval');
    expect(third.status).toBe('org_approval');
    expect(third.who.permission).toBe('bills.approve_third_level');
    expect(third.excludes_user).toBe('u-creator');
    expect(third.distinct_from).toEqual(['org_approval']);
    expect(third.reason).toMatch(/^Bills above \$10,000\.00 need a third approval by a Manager/);
  });
});

describe('power of attorney (step 7)', () => {
  it('is needed for wires', () => {
    const steps = plan({ payment_method: 'wire' });
    expect(kinds(steps)).toEqual(['org_approval', 'client_approval', 'poa_approval', 'payment_pending']);
    const poa = find(steps, 'poa_approval');
    expect(poa.who.permission).toBe('bills.approve_poa');
    expect(poa.task).toBe('approve_poa');
    expect(poa.reason).toBe('Wires need approval by a POA Approval staff member.');
  });
  it('is needed for payments under power of attorney, whatever the method', () => {
    const poa = find(plan({ payment_method: 'check', under_power_of_attorney: true }), 'poa_approval');
    expect(poa.status).toBe('poa_approval');
    expect(poa.reason).toBe(
      'Payments made under power of attorney need approval by a POA Approval staff member.',
    );
  });
  it('appears once for a wire under power of attorney', () => {
    const steps = plan({ payment_method: 'wire', under_power_of_attorney: true });
    expect(steps.filter((s) => s.kind === 'poa_approval')).toHaveLength(1);
  });
  it('is not needed for other methods', () => {
    for (const method of ['ach', 'check', 'eft', 'auto', 'client'] as const) {
      expect(kinds(plan({ payment_method: method }))).not.toContain('poa_approval');
    }
  });
});

describe('payment (the end of every plan)', () => {
  it('creates the payment task of the method', () => {
    const tasks = (['ach', 'check', 'eft', 'wire'] as const).map(
      (m) => find(plan({ payment_method: m }), 'payment_pending').task,
    );
    expect(tasks).toEqual(['approve_ach', 'approve_check', 'approve_eft', 'approve_wire']);
  });
  it('creates no payment task for autopay and client-paid bills', () => {
    for (const method of ['auto', 'client'] as const) {
      const payment = find(plan({ payment_method: method }), 'payment_pending');
      expect(payment.task).toBeNull();
      expect(payment.who.permission).toBe('bills.approve_payment');
      expect(payment.reason).toMatch(/no payment task is created/);
    }
  });
});

describe('every step at once', () => {
  it('follows the DESIGN order', () => {
    const steps = plan(
      {
        amount_cents: 2_000_000,
        payment_method: 'wire',
        vendor_is_new_to_entity: true,
        sanctions_match: true,
        under_power_of_attorney: true,
        from_commitment: { expected_amount_cents: 1_000_000 },
      },
      {
        client_pre_approval_required: true,
        client_pre_approval_threshold: 0,
        allowable_payment_threshold: 0.1,
        enable_multiple_approvers: true,
        multiple_approver_threshold: 100_000,
      },
    );
    expect(kinds(steps)).toEqual([
      'client_pre_approval',
      'org_approval',
      'ofac_approval',
      'client_approval',
      'needs_2nd_approval',
      'third_level_approval',
      'poa_approval',
      'payment_pending',
    ]);
    expect(find(steps, 'client_approval').skipped).toBe(false);
  });
});

describe('planApprovals input checks', () => {
  it('rejects amounts that are not non-negative integer cents', () => {
    expect(() => plan({ amount_cents: 10.5 })).toThrow(RangeError);
    expect(() => plan({ amount_cents: -1 })).toThrow(RangeError);
    expect(() => plan({ from_commitment: { expected_amount_cents: Number.NaN } })).toThrow(RangeError);
    expect(() => plan({}, { multiple_approver_threshold: -5 })).toThrow(RangeError);
    expect(() => plan({}, { allowable_payment_threshold: -0.01 })).toThrow(RangeError);
  });
});

describe('nextStep and billStatusAfter', () => {
  const big = plan(
    { amount_cents: 2_000_000, payment_method: 'wire' },
    { enable_multiple_approvers: true, multiple_approver_threshold: 100_000 },
  );
  it('walk the plan as approvals arrive', () => {
    const approvals: { step: ApprovalStepKind; user_id: string }[] = [];
    const seen: string[] = [];
    const give = (step: ApprovalStepKind, user_id: string) => {
      approvals.push({ step, user_id });
      seen.push(billStatusAfter(big, approvals));
    };
    expect(nextStep(big, [])?.kind).toBe('org_approval');
    expect(billStatusAfter(big, [])).toBe('org_approval');
    give('org_approval', 'u-lead');
    give('client_approval', 'c-1');
    give('needs_2nd_approval', 'c-2');
    give('third_level_approval', 'u-manager');
    give('poa_approval', 'u-poa');
    give('payment_pending', 'u-payer');
    expect(seen).toEqual([
      'client_approval',
      'needs_2nd_approval',
      'org_approval',
      'poa_approval',
      'payment_pending',
      'paid',
    ]);
    expect(nextStep(big, approvals)).toBeNull();
  });
  it('does not count the creator at supervisor review', () => {
    const approvals = [{ step: 'org_approval' as const, user_id: 'u-creator' }];
    expect(nextStep(big, approvals)?.kind).toBe('org_approval');
    expect(isEligibleApprover(find(big, 'org_approval'), 'u-creator', [])).toBe(false);
    expect(isEligibleApprover(find(big, 'org_approval'), 'u-lead', [])).toBe(true);
  });
  it('does not count the first client approver as the second', () => {
    const approvals = [
      { step: 'org_approval' as const, user_id: 'u-lead' },
      { step: 'client_approval' as const, user_id: 'c-1' },
      { step: 'needs_2nd_approval' as const, user_id: 'c-1' },
    ];
    expect(nextStep(big, approvals)?.kind).toBe('needs_2nd_approval');
    expect(nextStep(big, [...approvals, { step: 'needs_2nd_approval', user_id: 'c-2' }])?.kind).toBe(
      'third_level_approval',
    );
  });
  it('does not count the supervisor reviewer as the third level', () => {
    const approvals = [
      { step: 'org_approval' as const, user_id: 'u-manager' },
      { step: 'client_approval' as const, user_id: 'c-1' },
      { step: 'needs_2nd_approval' as const, user_id: 'c-2' },
      { step: 'third_level_approval' as const, user_id: 'u-manager' },
    ];
    expect(nextStep(big, approvals)?.kind).toBe('third_level_approval');
  });
  it('passes over a skipped (auto-approved) client step', () => {
    const auto = plan(
      { from_commitment: { expected_amount_cents: 50_000 } },
      { allowable_payment_threshold: 0.01 },
    );
    expect(nextStep(auto, [{ step: 'org_approval', user_id: 'u-lead' }])?.kind).toBe('payment_pending');
  });
  it('begins at client pre-approval when the plan has it', () => {
    const pre = plan({}, { client_pre_approval_required: true });
    expect(billStatusAfter(pre, [])).toBe('client_pre_approval');
  });
});
