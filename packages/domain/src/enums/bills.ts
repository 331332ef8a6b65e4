/** Enumerations about bills, pre-bills and messages (SPEC §3, §4). */
import type { LabelMap } from './define.ts';

export const PAYMENT_METHOD_VALUES = ['ach', 'check', 'eft', 'wire', 'auto', 'client'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_VALUES)[number];
export const PAYMENT_METHOD_LABELS: LabelMap<PaymentMethod> = {
  ach: 'ACH',
  check: 'Check',
  eft: 'EFT',
  wire: 'Wire',
  auto: 'Autopay',
  client: 'Client Paid',
};

/** Where a bill's invoice came from. */
export const INVOICE_SOURCE_VALUES = [
  'client',
  'mail_scan',
  'online',
  'vendor',
  'no_invoice',
  'other',
] as const;
export type InvoiceSource = (typeof INVOICE_SOURCE_VALUES)[number];
export const INVOICE_SOURCE_LABELS: LabelMap<InvoiceSource> = {
  client: 'Client',
  mail_scan: 'Mail Scan',
  online: 'Online',
  vendor: 'Vendor email',
  no_invoice: 'No Invoice',
  other: 'Other',
};

/** Events recorded on a bill's history. */
export const BILL_EVENT_VALUES = [
  'bill_created',
  'bill_auto_approved',
  'bill_updated',
  'bill_workflow_changed',
  'bill_2nd_approval',
  'attachment_deleted',
] as const;
export type BillEvent = (typeof BILL_EVENT_VALUES)[number];
export const BILL_EVENT_LABELS: LabelMap<BillEvent> = {
  bill_created: 'Bill Created',
  bill_auto_approved: 'Bill Auto Approved',
  bill_updated: 'Bill Updated',
  bill_workflow_changed: 'Bill Workflow Changed',
  bill_2nd_approval: 'Bill 2nd Approval',
  attachment_deleted: 'Attachment Deleted',
};

/** Workflow actions on a bill; reject and revise take a reason. */
export const WORKFLOW_ACTION_VALUES = ['approve', 'reject', 'revise'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTION_VALUES)[number];
export const WORKFLOW_ACTION_LABELS: LabelMap<WorkflowAction> = {
  approve: 'Approve',
  reject: 'Reject',
  revise: 'Revise',
};

/** Result of an approval step; `not_needed` means the bill was auto-approved. */
export const APPROVAL_RESULT_VALUES = ['approved', 'rejected', 'not_needed'] as const;
export type ApprovalResult = (typeof APPROVAL_RESULT_VALUES)[number];
export const APPROVAL_RESULT_LABELS: LabelMap<ApprovalResult> = {
  approved: 'Approved',
  rejected: 'Rejected',
  not_needed: 'Auto Approved',
};

/** Types of pre-bill (inbox e-mail) and of notification. */
export const PRE_BILL_TYPE_VALUES = ['recurring', 'client_approval'] as const;
export type PreBillType = (typeof PRE_BILL_TYPE_VALUES)[number];
export const PRE_BILL_TYPE_LABELS: LabelMap<PreBillType> = {
  recurring: 'Recurring',
  client_approval: 'Client Approval',
};
/** Notification types share the pre-bill types. */
export const NOTIFICATION_TYPE_VALUES = PRE_BILL_TYPE_VALUES;
export type NotificationType = PreBillType;
export const NOTIFICATION_TYPE_LABELS = PRE_BILL_TYPE_LABELS;

/** Content types of a message body. */
export const MESSAGE_CONTENT_TYPE_VALUES = ['text', 'html'] as const;
export type MessageContentType = (typeof MESSAGE_CONTENT_TYPE_VALUES)[number];
export const MESSAGE_CONTENT_TYPE_LABELS: LabelMap<MessageContentType> = {
  text: 'Text',
  html: 'HTML',
};

/** All twelve bill statuses (SPEC §4). */
export const BILL_STATUS_VALUES = [
  'pre_bill',
  'client_approval',
  'client_pre_approval',
  'verbal_approval',
  'org_approval',
  'poa_approval',
  'payment_pending',
  'paid',
  'rejected',
  'changes_required',
  'needs_2nd_approval',
  'ofac_approval',
] as const;
export type BillStatus = (typeof BILL_STATUS_VALUES)[number];
export const BILL_STATUS_LABELS: LabelMap<BillStatus> = {
  pre_bill: 'Pre-Bill',
  client_approval: 'Client Approval',
  client_pre_approval: 'Client Pre-Approval',
  verbal_approval: 'Verbal Approval',
  org_approval: 'Org Approval',
  poa_approval: 'POA Approval',
  payment_pending: 'Payment Pending',
  paid: 'Paid',
  rejected: 'Rejected',
  changes_required: 'Changes Required',
  needs_2nd_approval: 'Needs 2nd Approval',
  ofac_approval: 'OFAC Approval',
};
