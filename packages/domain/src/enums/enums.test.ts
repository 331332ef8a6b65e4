import { describe, expect, it } from 'vitest';
import {
  BILL_STATUS_VALUES,
  BILLING_QUEUE_STATUS,
  BILLING_QUEUE_VALUES,
  billingQueueOfStatus,
  billingQueuePath,
  CLIENT_SERVICE_SHORT_LABELS,
  ENUMERATIONS,
  type LabelMap,
  labelOf,
  ONBOARDING_ANCHOR_VALUES,
  ORG_TEAM_LABEL_VALUES,
  onboardingAnchorOfStep,
  onboardingStepId,
  RECONCILIATION_STEP_VALUES,
  reconciliationStepIndex,
} from './index.ts';

describe('every enumeration', () => {
  for (const [name, { values, labels }] of Object.entries(ENUMERATIONS)) {
    it(`${name}: unique values, a non-empty label for each and no extra labels`, () => {
      expect(new Set(values).size).toBe(values.length);
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
      for (const value of values) {
        expect(labels[value as keyof typeof labels]).toMatch(/\S/);
      }
    });
  }
});

describe('labels SPEC gives', () => {
  const cases: [keyof typeof ENUMERATIONS, string, string][] = [
    ['clientService', 'bill_pay', 'Bill Pay'],
    ['clientService', 'family_office_accounting', 'Family Office Accounting'],
    ['paymentMethod', 'ach', 'ACH'],
    ['paymentMethod', 'check', 'Check'],
    ['paymentMethod', 'eft', 'EFT'],
    ['paymentMethod', 'wire', 'Wire'],
    ['paymentMethod', 'auto', 'Autopay'],
    ['paymentMethod', 'client', 'Client Paid'],
    ['invoiceSource', 'vendor', 'Vendor email'],
    ['userStatus', 'pending', 'Pending'],
    ['userStatus', 'active', 'Active'],
    ['userStatus', 'accepted', 'Invite Accepted'],
    ['userStatus', 'pending_invite', 'Pending Invite'],
    ['taskStatus', 'in_progress', 'In progress'],
    ['taskStatus', 'ready', 'Ready To Start'],
    ['approvalResult', 'not_needed', 'Auto Approved'],
    ['mfaMethod', 'sms_twilio', 'Text'],
    ['mfaMethod', 'email', 'Email'],
  ];
  it.each(cases)('%s %s → %s', (name, value, label) => {
    const labels: LabelMap<string> = ENUMERATIONS[name].labels;
    expect(labelOf(labels, value)).toBe(label);
  });
  it('short service labels', () => {
    expect(CLIENT_SERVICE_SHORT_LABELS).toEqual({ bill_pay: 'BP', family_office_accounting: 'FOA' });
  });
});

describe('sizes and orders SPEC gives', () => {
  it('has the 12 bill statuses and 8 roles', () => {
    expect(BILL_STATUS_VALUES).toHaveLength(12);
    expect(ENUMERATIONS.role.values).toEqual([
      'super_admin',
      'admin',
      'user',
      'client',
      'designee',
      'observer',
      'reviewer',
      'exec',
    ]);
  });
  it('org team labels extend the staff levels', () => {
    expect(ORG_TEAM_LABEL_VALUES).toHaveLength(11);
    expect(ORG_TEAM_LABEL_VALUES.slice(0, 5)).toEqual(ENUMERATIONS.staffTeamLevel.values);
  });
  it('keeps reconciliation steps in workflow order', () => {
    expect(RECONCILIATION_STEP_VALUES[0]).toBe('Open');
    expect(RECONCILIATION_STEP_VALUES.at(-1)).toBe('Active');
    expect(reconciliationStepIndex('Reconcile')).toBe(2);
    expect(reconciliationStepIndex('GL Review')).toBe(9);
    expect(reconciliationStepIndex('nope')).toBe(-1);
  });
  it('has the five user features', () => {
    expect(ENUMERATIONS.userFeature.values).toContain('VENDOR_MANAGEMENT');
    expect(ENUMERATIONS.userFeature.values).toContain('ACCOUNT_STATEMENT_FEEDS');
    expect(ENUMERATIONS.userFeature.values).toHaveLength(5);
  });
});

describe('billing queues', () => {
  it('has the eight routes of SPEC §2', () => {
    expect(BILLING_QUEUE_VALUES.map(billingQueuePath)).toEqual([
      '/billing/pre-bill-inbox',
      '/billing/client-approval',
      '/billing/verbal-approval',
      '/billing/payment-pending',
      '/billing/org-approval',
      '/billing/poa-approval',
      '/billing/paid',
      '/billing/rejected',
    ]);
  });
  it('each queue shows a distinct bill status, and the status maps back to it', () => {
    const statuses = BILLING_QUEUE_VALUES.map((q) => BILLING_QUEUE_STATUS[q]);
    expect(new Set(statuses).size).toBe(8);
    for (const queue of BILLING_QUEUE_VALUES) {
      expect(billingQueueOfStatus(BILLING_QUEUE_STATUS[queue])).toBe(queue);
    }
    expect(BILLING_QUEUE_STATUS['pre-bill-inbox']).toBe('pre_bill');
  });
  it('statuses outside the queues have none', () => {
    expect(billingQueueOfStatus('ofac_approval')).toBeNull();
    expect(billingQueueOfStatus('changes_required')).toBeNull();
    expect(billingQueueOfStatus('client_pre_approval')).toBeNull();
    expect(billingQueueOfStatus('needs_2nd_approval')).toBeNull();
  });
});

describe('onboarding anchors', () => {
  it('gives the step ids of SPEC §9', () => {
    expect(onboardingStepId('prelim')).toBe(8);
    expect(onboardingStepId('entities')).toBe(9);
    expect(onboardingStepId('properties')).toBe(48);
    expect(onboardingStepId('app_users')).toBe(49);
    expect(onboardingStepId('contacts')).toBe(50);
    expect(onboardingStepId('banks')).toBe(51);
    expect(onboardingStepId('summary')).toBe(52);
  });
  it('has no id for the other anchors', () => {
    const withIds = ONBOARDING_ANCHOR_VALUES.filter((a) => onboardingStepId(a) !== null);
    expect(withIds).toHaveLength(7);
    expect(onboardingStepId('initial')).toBeNull();
    expect(onboardingStepId('it')).toBeNull();
  });
  it('maps ids back to anchors', () => {
    expect(onboardingAnchorOfStep(52)).toBe('summary');
    expect(onboardingAnchorOfStep(8)).toBe('prelim');
    expect(onboardingAnchorOfStep(1)).toBeNull();
  });
});
