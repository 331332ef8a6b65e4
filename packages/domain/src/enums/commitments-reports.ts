/** Enumerations of commitments, reports and notifications (SPEC §3). */
import type { LabelMap } from './define.ts';

export const COMMITMENT_CATEGORY_VALUES = [
  'credit_card',
  'loan_mortgage',
  'utilities',
  'property_tax',
  'other_tax',
  'insurance',
  'dmv_renewal',
  'other',
] as const;
export type CommitmentCategory = (typeof COMMITMENT_CATEGORY_VALUES)[number];
export const COMMITMENT_CATEGORY_LABELS: LabelMap<CommitmentCategory> = {
  credit_card: 'Credit Card',
  loan_mortgage: 'Loan / Mortgage',
  utilities: 'Utilities',
  property_tax: 'Property Tax',
  other_tax: 'Other Tax',
  insurance: 'Insurance',
  dmv_renewal: 'DMV Renewal',
  other: 'Other',
};

export const COMMITMENT_FREQUENCY_VALUES = ['weekly', 'bi_weekly', 'monthly', 'yearly'] as const;
export type CommitmentFrequency = (typeof COMMITMENT_FREQUENCY_VALUES)[number];
export const COMMITMENT_FREQUENCY_LABELS: LabelMap<CommitmentFrequency> = {
  weekly: 'Weekly',
  bi_weekly: 'Bi-Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export const REPORT_TYPE_VALUES = [
  'check_registers',
  'cash_flow',
  'financial_statements',
  'custom',
  'printed_checks',
  'reconciliation',
] as const;
export type ReportType = (typeof REPORT_TYPE_VALUES)[number];
export const REPORT_TYPE_LABELS: LabelMap<ReportType> = {
  check_registers: 'Check Registers',
  cash_flow: 'Cash Flow',
  financial_statements: 'Financial Statements',
  custom: 'Custom',
  printed_checks: 'Printed Checks',
  reconciliation: 'Reconciliation',
};

export const REPORT_REMINDER_FREQUENCY_VALUES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type ReportReminderFrequency = (typeof REPORT_REMINDER_FREQUENCY_VALUES)[number];
export const REPORT_REMINDER_FREQUENCY_LABELS: LabelMap<ReportReminderFrequency> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const REPORT_REMINDER_EVENT_VALUES = [
  'report_unarchived',
  'report_archived',
  'report_skipped',
  'created',
] as const;
export type ReportReminderEvent = (typeof REPORT_REMINDER_EVENT_VALUES)[number];
export const REPORT_REMINDER_EVENT_LABELS: LabelMap<ReportReminderEvent> = {
  report_unarchived: 'Report Unarchived',
  report_archived: 'Report Archived',
  report_skipped: 'Report Skipped',
  created: 'Created',
};

export const NOTIFICATION_CHANNEL_VALUES = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNEL_VALUES)[number];
export const NOTIFICATION_CHANNEL_LABELS: LabelMap<NotificationChannel> = {
  email: 'Email',
  push: 'Push',
};
