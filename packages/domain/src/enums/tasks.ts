/** Enumerations of tasks, reconciliation and review (SPEC §3). */
import { identityLabels, type LabelMap } from './define.ts';

export const TASK_STATUS_VALUES = ['in_progress', 'ready', 'completed', 'submitted', 'blocked'] as const;
export type TaskStatus = (typeof TASK_STATUS_VALUES)[number];
export const TASK_STATUS_LABELS: LabelMap<TaskStatus> = {
  in_progress: 'In progress',
  ready: 'Ready To Start',
  completed: 'Completed',
  submitted: 'Submitted',
  blocked: 'Blocked',
};

export const TASK_TYPE_VALUES = ['reconciliation', 'review', 'report_reminder'] as const;
export type TaskType = (typeof TASK_TYPE_VALUES)[number];
export const TASK_TYPE_LABELS: LabelMap<TaskType> = {
  reconciliation: 'Reconciliation',
  review: 'Review',
  report_reminder: 'Report Reminder',
};

/** How a user is attached to a task. */
export const ASSIGNMENT_KIND_VALUES = ['assigned', 'backup'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KIND_VALUES)[number];
export const ASSIGNMENT_KIND_LABELS: LabelMap<AssignmentKind> = {
  assigned: 'Assigned',
  backup: 'Backup',
};

/** Reconciliation steps in workflow order; the value is the display text. */
export const RECONCILIATION_STEP_VALUES = [
  'Open',
  'Collect Statement',
  'Reconcile',
  'Reconcile Completed',
  'Report Sent',
  'Initial Review',
  'Secondary Review',
  'Final Review',
  'Reconciliation Review',
  'GL Review',
  'Financial Review',
  'Review Completed',
  'Active',
] as const;
export type ReconciliationStep = (typeof RECONCILIATION_STEP_VALUES)[number];
export const RECONCILIATION_STEP_LABELS: LabelMap<ReconciliationStep> =
  identityLabels(RECONCILIATION_STEP_VALUES);

/** Position of a reconciliation step in the workflow (0-based), or -1 for an unknown step. */
export function reconciliationStepIndex(step: string): number {
  return (RECONCILIATION_STEP_VALUES as readonly string[]).indexOf(step);
}

export const TASK_KIND_VALUES = [
  'approve_org_approval',
  'approve_client_approval',
  'approve_verbal_approval',
  'approve_payment_pending',
  'approve_poa',
  'approve_wire',
  'approve_ach',
  'approve_check',
  'approve_eft',
  'collect_statement',
  'reconcile',
  'initial_review',
  'secondary_review',
  'communication_with_client',
  'financial_review',
  'complete_uncategorized',
  'final_uncategorized_review',
] as const;
export type TaskKind = (typeof TASK_KIND_VALUES)[number];
export const TASK_KIND_LABELS: LabelMap<TaskKind> = {
  approve_org_approval: 'Org Approval',
  approve_client_approval: 'Client Approval',
  approve_verbal_approval: 'Verbal Approval',
  approve_payment_pending: 'Payment Pending',
  approve_poa: 'POA Approval',
  approve_wire: 'Wire Approval',
  approve_ach: 'ACH Approval',
  approve_check: 'Check Approval',
  approve_eft: 'EFT Approval',
  collect_statement: 'Collect Statement',
  reconcile: 'Reconcile',
  initial_review: 'Initial Review',
  secondary_review: 'Secondary Review',
  communication_with_client: 'Communication With Client',
  financial_review: 'Financial Review',
  complete_uncategorized: 'Complete Uncategorized',
  final_uncategorized_review: 'Final Uncategorized Review',
};
