/**
 * Types of the bill approval plan (DESIGN.md §6, docs/decisions/008-approval-routing.md).
 */
import type { BillEvent, BillStatus, PaymentMethod } from '../enums/bills.ts';
import type { LabelMap } from '../enums/define.ts';
import type { TaskKind } from '../enums/tasks.ts';
import type { Permission } from '../permissions.ts';

/** The steps of a plan, in the one order they always appear (DESIGN §6 steps 1–7, then payment). */
export const APPROVAL_STEP_KIND_VALUES = [
  'client_pre_approval',
  'org_approval',
  'ofac_approval',
  'client_approval',
  'needs_2nd_approval',
  'third_level_approval',
  'poa_approval',
  'payment_pending',
] as const;
export type ApprovalStepKind = (typeof APPROVAL_STEP_KIND_VALUES)[number];
export const APPROVAL_STEP_KIND_LABELS: LabelMap<ApprovalStepKind> = {
  client_pre_approval: 'Client Pre-Approval',
  org_approval: 'Org Approval',
  ofac_approval: 'OFAC Approval',
  client_approval: 'Client Approval',
  needs_2nd_approval: '2nd Client Approval',
  third_level_approval: 'Third Level Approval',
  poa_approval: 'POA Approval',
  payment_pending: 'Payment',
};

/** Client roles that may approve a bill (a designee only within its permission limits). */
export const CLIENT_APPROVER_ROLES = ['client', 'designee'] as const;
export type ClientApproverRole = (typeof CLIENT_APPROVER_ROLES)[number];

/** The bill facts routing depends on. Amounts are integer cents. */
export interface ApprovalBill {
  amount_cents: number;
  payment_method: PaymentMethod;
  /** User id of whoever entered the bill; never its supervisor reviewer. */
  created_by: string;
  /** Set when the bill was generated from a commitment. */
  from_commitment?: { expected_amount_cents: number } | null;
  /** First payment to a vendor the entity has not paid before. */
  vendor_is_new_to_entity: boolean;
  /** Paid under a power of attorney held by the organisation. */
  under_power_of_attorney: boolean;
  /** The payee matches the sanctions list (fuzzy name match). */
  sanctions_match: boolean;
}

/** The entity settings routing depends on (SPEC §3 "Entity settings"). */
export interface ApprovalContext {
  client_pre_approval_required: boolean;
  /** Cents; 0 (or null) = every bill. */
  client_pre_approval_threshold: number | null;
  /** Fraction with 5 decimals (0.05 = 5 %); null = auto-approve off. */
  allowable_payment_threshold: number | null;
  enable_multiple_approvers: boolean;
  /** Cents; null is read as 0. */
  multiple_approver_threshold: number | null;
}

/**
 * Who may act on a step. `permission` is a staff permission slug; `client_roles` are client users'
 * roles. A step names one or the other, except client approval, where staff holding
 * `verbal_permission` may record an approval the client gave by phone.
 */
export interface StepActors {
  permission: Permission | null;
  client_roles: readonly ClientApproverRole[];
  verbal_permission: Permission | null;
}

export interface ApprovalStep {
  kind: ApprovalStepKind;
  /** The bill's status while this step waits. */
  status: BillStatus;
  who: StepActors;
  /** A user who may never satisfy this step (the bill's creator: four eyes). */
  excludes_user: string | null;
  /** The approver must be someone other than whoever approved these earlier steps. */
  distinct_from: readonly ApprovalStepKind[];
  /** Why the step is in the plan (or, when skipped, why it is not needed), as shown to users. */
  reason: string;
  /** org_approval only: the vendor is new to the entity and must be checked in this review. */
  vendor_check: boolean;
  /** Kept in the plan so the UI can show why it was skipped; a skipped step is already satisfied. */
  skipped: boolean;
  /** `not_needed` for a skipped (auto-approved) step; null while the step still needs someone. */
  result: 'not_needed' | null;
  /** Bill event recorded when the step is done (auto-approved or approved), if it has its own. */
  event: BillEvent | null;
  /** Task kind to create while the step waits, where SPEC names one; null otherwise. */
  task: TaskKind | null;
}

/** An approval given on a step (since the bill was last edited: an edit re-plans from step 1). */
export interface RecordedApproval {
  step: ApprovalStepKind;
  user_id: string;
}
