/**
 * Every enumeration by name, as `{values, labels}`, for code that treats them generically
 * (a select built from a name, a check that a stored value is known, the tests of this package).
 */
import { BILLING_QUEUE_LABELS, BILLING_QUEUE_VALUES } from './billing-queues.ts';
import * as bills from './bills.ts';
import * as clients from './clients.ts';
import * as cr from './commitments-reports.ts';
import type { LabelMap } from './define.ts';
import { ONBOARDING_ANCHOR_LABELS, ONBOARDING_ANCHOR_VALUES } from './onboarding.ts';
import * as tasks from './tasks.ts';
import * as users from './users.ts';

export interface EnumDefinition<V extends string = string> {
  readonly values: readonly V[];
  readonly labels: LabelMap<V>;
}

function def<V extends string>(values: readonly V[], labels: LabelMap<V>): EnumDefinition<V> {
  return { values, labels };
}

export const ENUMERATIONS = {
  clientService: def(clients.CLIENT_SERVICE_VALUES, clients.CLIENT_SERVICE_LABELS),
  userService: def(clients.USER_SERVICE_VALUES, clients.USER_SERVICE_LABELS),
  userFeature: def(clients.USER_FEATURE_VALUES, clients.USER_FEATURE_LABELS),
  entityKind: def(clients.ENTITY_KIND_VALUES, clients.ENTITY_KIND_LABELS),
  clientRelation: def(clients.CLIENT_RELATION_VALUES, clients.CLIENT_RELATION_LABELS),
  advisorKind: def(clients.ADVISOR_KIND_VALUES, clients.ADVISOR_KIND_LABELS),
  propertyKind: def(clients.PROPERTY_KIND_VALUES, clients.PROPERTY_KIND_LABELS),
  taxFormType: def(clients.TAX_FORM_TYPE_VALUES, clients.TAX_FORM_TYPE_LABELS),
  onboardingAnchor: def(ONBOARDING_ANCHOR_VALUES, ONBOARDING_ANCHOR_LABELS),
  paymentMethod: def(bills.PAYMENT_METHOD_VALUES, bills.PAYMENT_METHOD_LABELS),
  invoiceSource: def(bills.INVOICE_SOURCE_VALUES, bills.INVOICE_SOURCE_LABELS),
  billEvent: def(bills.BILL_EVENT_VALUES, bills.BILL_EVENT_LABELS),
  workflowAction: def(bills.WORKFLOW_ACTION_VALUES, bills.WORKFLOW_ACTION_LABELS),
  approvalResult: def(bills.APPROVAL_RESULT_VALUES, bills.APPROVAL_RESULT_LABELS),
  preBillType: def(bills.PRE_BILL_TYPE_VALUES, bills.PRE_BILL_TYPE_LABELS),
  notificationType: def(bills.NOTIFICATION_TYPE_VALUES, bills.NOTIFICATION_TYPE_LABELS),
  messageContentType: def(bills.MESSAGE_CONTENT_TYPE_VALUES, bills.MESSAGE_CONTENT_TYPE_LABELS),
  billStatus: def(bills.BILL_STATUS_VALUES, bills.BILL_STATUS_LABELS),
  billingQueue: def(BILLING_QUEUE_VALUES, BILLING_QUEUE_LABELS),
  commitmentCategory: def(cr.COMMITMENT_CATEGORY_VALUES, cr.COMMITMENT_CATEGORY_LABELS),
  commitmentFrequency: def(cr.COMMITMENT_FREQUENCY_VALUES, cr.COMMITMENT_FREQUENCY_LABELS),
  reportType: def(cr.REPORT_TYPE_VALUES, cr.REPORT_TYPE_LABELS),
  reportReminderFrequency: def(cr.REPORT_REMINDER_FREQUENCY_VALUES, cr.REPORT_REMINDER_FREQUENCY_LABELS),
  reportReminderEvent: def(cr.REPORT_REMINDER_EVENT_VALUES, cr.REPORT_REMINDER_EVENT_LABELS),
  notificationChannel: def(cr.NOTIFICATION_CHANNEL_VALUES, cr.NOTIFICATION_CHANNEL_LABELS),
  role: def(users.ROLE_VALUES, users.ROLE_LABELS),
  staffTeamLevel: def(users.STAFF_TEAM_LEVEL_VALUES, users.STAFF_TEAM_LEVEL_LABELS),
  orgTeamLabel: def(users.ORG_TEAM_LABEL_VALUES, users.ORG_TEAM_LABEL_LABELS),
  userStatus: def(users.USER_STATUS_VALUES, users.USER_STATUS_LABELS),
  mfaMethod: def(users.MFA_METHOD_VALUES, users.MFA_METHOD_LABELS),
  tokenFlowType: def(users.TOKEN_FLOW_TYPE_VALUES, users.TOKEN_FLOW_TYPE_LABELS),
  staffKind: def(users.STAFF_KIND_VALUES, users.STAFF_KIND_LABELS),
  taskStatus: def(tasks.TASK_STATUS_VALUES, tasks.TASK_STATUS_LABELS),
  taskType: def(tasks.TASK_TYPE_VALUES, tasks.TASK_TYPE_LABELS),
  assignmentKind: def(tasks.ASSIGNMENT_KIND_VALUES, tasks.ASSIGNMENT_KIND_LABELS),
  reconciliationStep: def(tasks.RECONCILIATION_STEP_VALUES, tasks.RECONCILIATION_STEP_LABELS),
  taskKind: def(tasks.TASK_KIND_VALUES, tasks.TASK_KIND_LABELS),
} as const;

export type EnumerationName = keyof typeof ENUMERATIONS;
