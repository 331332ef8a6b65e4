/** Routes of the API's bill-workflow module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import {
  awaitingApprovalRequest,
  awaitingApprovalResponse,
  bill,
  billTaskList,
  bulkApproveRejectRequest,
  bulkApproveRejectResult,
  bulkRecordPaymentRequest,
  recordPaymentRequest,
  reversePaymentRequest,
  reviseRequest,
  workflowRequest,
} from '../bills.ts';
import { errorBody, guid } from '../common.ts';
import { defineRoute } from '../route.ts';

const clientParams = z.object({ clientGuid: guid });
const billParams = clientParams.extend({ billGuid: guid });
/** Writes that move workflow take an Idempotency-Key: a repeated key replays the first answer; another request with it is 422. */
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().describe('Replays the first answer given to this key (24 hours).'),
});
const bulkPaymentDescription =
  "Record the same payment details on many bills, each with the single call's rules; one result row per bill (a detail that does not fit a bill: code invalid in its row).";
const organizationParams = z.object({ organizationGuid: guid });
const bulkDescription =
  "Approve or reject many bills, each on its own with the single call's rules; one result row per bill (another tenant's bill: not_found).";

export const billWorkflowRoutes = {
  postBillingClientBillWorkflow: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/workflow',
    tags: ['bill workflow'],
    description:
      'approve (the step the bill waits on; verbal: true records a phone approval, a second staff member confirms), reject (reason) or revise (reason). 403 when the caller may not act on this step, 409 when the bill moved on or the version is stale.',
    params: billParams,
    headers: idempotencyHeaders,
    body: workflowRequest,
    responses: { 200: bill, 422: errorBody },
  }),
  postBillingClientBillWorkflowRevise: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/workflow/revise',
    tags: ['bill workflow'],
    description: 'Send the bill back for changes (status changes_required) with the reason.',
    params: billParams,
    headers: idempotencyHeaders,
    body: reviseRequest,
    responses: { 200: bill, 422: errorBody },
  }),
  postBillingClientBillWorkflowReversePayment: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/workflow/reverse-payment',
    tags: ['bill workflow'],
    description: "A paid bill back to payment_pending (staff with 'Reverse payments'), with the reason.",
    params: billParams,
    headers: idempotencyHeaders,
    body: reversePaymentRequest,
    responses: { 200: bill, 422: errorBody },
  }),
  postBillingClientBillWorkflowRecordPayment: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/workflow/record-payment',
    tags: ['bill workflow'],
    description:
      "Record the payment of a bill waiting in payment_pending (staff with 'Approve payments'): it becomes paid with the payment date (not after today in X-Timezone), the client's account paid from (an institution guid of the client) and the reference (check number, ACH trace or batch, wire confirmation; required for check, ACH and wire). 400 {field: [msg]} when a detail does not fit the bill.",
    params: billParams,
    headers: idempotencyHeaders,
    body: recordPaymentRequest,
    responses: { 200: bill, 422: errorBody },
  }),
  postBillingClientBulkRecordPayment: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bulk-record-payment',
    tags: ['bill workflow'],
    description: bulkPaymentDescription,
    params: clientParams,
    headers: idempotencyHeaders,
    body: bulkRecordPaymentRequest,
    responses: { 200: bulkApproveRejectResult, 422: errorBody },
  }),
  postBillingOrganizationBulkRecordPayment: defineRoute({
    method: 'POST',
    path: '/v1/billing/organizations/:organizationGuid/bulk-record-payment',
    tags: ['bill workflow'],
    description: bulkPaymentDescription,
    params: organizationParams,
    headers: idempotencyHeaders,
    body: bulkRecordPaymentRequest,
    responses: { 200: bulkApproveRejectResult, 422: errorBody },
  }),
  postBillingClientBulkApproveReject: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bulk-approve-reject',
    tags: ['bill workflow'],
    description: bulkDescription,
    params: clientParams,
    headers: idempotencyHeaders,
    body: bulkApproveRejectRequest,
    responses: { 200: bulkApproveRejectResult, 422: errorBody },
  }),
  postBillingOrganizationBulkApproveReject: defineRoute({
    method: 'POST',
    path: '/v1/billing/organizations/:organizationGuid/bulk-approve-reject',
    tags: ['bill workflow'],
    description: bulkDescription,
    params: organizationParams,
    headers: idempotencyHeaders,
    body: bulkApproveRejectRequest,
    responses: { 200: bulkApproveRejectResult, 422: errorBody },
  }),
  getBillingClientBillTasks: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/tasks',
    tags: ['bill workflow'],
    description: "The bill's approval and payment tasks, oldest first (staff only).",
    params: billParams,
    responses: { 200: billTaskList },
  }),
  postNotificationsClientEntityAwaitingApproval: defineRoute({
    method: 'POST',
    path: '/v1/notifications/clients/:clientGuid/entities/:entityGuid/awaiting-approval',
    tags: ['notifications'],
    description:
      "E-mails the client's approvers the entity's bills awaiting their approval; the subject is marked urgent or funding required when flagged.",
    params: z.object({ clientGuid: guid, entityGuid: guid }),
    body: awaitingApprovalRequest,
    responses: { 200: awaitingApprovalResponse },
  }),
};
