import {
  bill,
  billTaskList,
  bulkApproveRejectRequest,
  bulkApproveRejectResult,
  bulkRecordPaymentRequest,
  errorBody,
  guid,
  recordPaymentRequest,
  reversePaymentRequest,
  reviseRequest,
  workflowRequest,
} from '@bp/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Answer } from '../../platform/idempotency/idempotency.ts';
import { errorResponses } from '../../platform/responses.ts';
import { findVisibleBill } from '../bill-core/index.ts';
import { billTasksOf } from '../tasks/index.ts';
import { registerAwaitingApprovalRoutes } from './awaiting-approval.ts';
import { createWorkflowService } from './service.ts';
import type { WorkflowAction } from './transitions.ts';

const tags = ['bill workflow'];
const CLIENT_BASE = '/v1/billing/clients/:clientGuid';
const clientParams = z.object({ clientGuid: guid });
const billParams = clientParams.extend({ billGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });

/** Client users who may write (never observers) and staff of the client's organisation; the service checks the step. */
const workflowPolicy: AccessPolicy = { kind: 'client', param: 'clientGuid', write: true };
const orgWorkflowPolicy: AccessPolicy = { kind: 'organization', param: 'organizationGuid' };
const billTasksPolicy: AccessPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  staffOnly: true,
};

/** Writes that move workflow take an Idempotency-Key: a repeated key replays the first answer; another request with it is 422. */
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().describe('Replays the first answer given to this key (24 hours).'),
});
const idempotentErrors = { ...errorResponses, 422: errorBody };

const send = (reply: FastifyReply, answer: Answer) => reply.status(answer.status).send(answer.body as never);

export function registerWorkflowRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createWorkflowService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerAwaitingApprovalRoutes(app, deps);

  r.post(`${CLIENT_BASE}/bills/:billGuid/workflow`, {
    config: { access: workflowPolicy },
    schema: {
      tags,
      description:
        'approve (the step the bill waits on; verbal: true records a phone approval, a second staff member confirms), reject (reason) or revise (reason). 403 when the caller may not act on this step, 409 when the bill moved on or the version is stale.',
      params: billParams,
      headers: idempotencyHeaders,
      body: workflowRequest,
      response: { 200: bill, ...idempotentErrors },
    },
    handler: async (req, reply) => {
      const b = req.body;
      const input: WorkflowAction =
        b.action === 'approve'
          ? { action: 'approve', verbal: b.verbal }
          : b.action === 'reject'
            ? {
                action: 'reject',
                reject_reason: b.reject_reason ?? 'other',
                reject_other_description: b.reject_other_description ?? null,
              }
            : { action: 'revise', reason: b.reason ?? '' };
      return send(reply, await service.act(req, requireClient(req), req.params.billGuid, input, b.version));
    },
  });

  // The moves that take only a reason (and the version): one route each, the same handling.
  const reasonMoves = [
    {
      path: 'revise',
      action: 'revise',
      body: reviseRequest,
      description: 'Send the bill back for changes (status changes_required) with the reason.',
    },
    {
      path: 'reverse-payment',
      action: 'reverse_payment',
      body: reversePaymentRequest,
      description: "A paid bill back to payment_pending (staff with 'Reverse payments'), with the reason.",
    },
  ] as const;
  for (const move of reasonMoves) {
    r.post(`${CLIENT_BASE}/bills/:billGuid/workflow/${move.path}`, {
      config: { access: workflowPolicy },
      schema: {
        tags,
        description: move.description,
        params: billParams,
        headers: idempotencyHeaders,
        body: move.body,
        response: { 200: bill, ...idempotentErrors },
      },
      handler: async (req, reply) =>
        send(
          reply,
          await service.act(
            req,
            requireClient(req),
            req.params.billGuid,
            { action: move.action, reason: req.body.reason },
            req.body.version,
          ),
        ),
    });
  }

  r.post(`${CLIENT_BASE}/bills/:billGuid/workflow/record-payment`, {
    config: { access: workflowPolicy },
    schema: {
      tags,
      description:
        "Record the payment of a bill waiting in payment_pending (staff with 'Approve payments'): it becomes paid with the payment date (not after today in X-Timezone), the client's account paid from (an institution guid of the client) and the reference (check number, ACH trace or batch, wire confirmation; required for check, ACH and wire). 400 {field: [msg]} when a detail does not fit the bill.",
      params: billParams,
      headers: idempotencyHeaders,
      body: recordPaymentRequest,
      response: { 200: bill, ...idempotentErrors },
    },
    handler: async (req, reply) => {
      const { version, ...details } = req.body;
      return send(
        reply,
        await service.act(
          req,
          requireClient(req),
          req.params.billGuid,
          { action: 'record_payment', ...details },
          version,
        ),
      );
    },
  });

  const bulkPaymentDescription =
    "Record the same payment details on many bills, each with the single call's rules; one result row per bill (a detail that does not fit a bill: code invalid in its row).";
  r.post(`${CLIENT_BASE}/bulk-record-payment`, {
    config: { access: workflowPolicy },
    schema: {
      tags,
      description: bulkPaymentDescription,
      params: clientParams,
      headers: idempotencyHeaders,
      body: bulkRecordPaymentRequest,
      response: { 200: bulkApproveRejectResult, ...idempotentErrors },
    },
    handler: async (req, reply) =>
      send(reply, await service.bulkRecordPayment(req, req.body, { client: requireClient(req) })),
  });
  r.post('/v1/billing/organizations/:organizationGuid/bulk-record-payment', {
    config: { access: orgWorkflowPolicy },
    schema: {
      tags,
      description: bulkPaymentDescription,
      params: organizationParams,
      headers: idempotencyHeaders,
      body: bulkRecordPaymentRequest,
      response: { 200: bulkApproveRejectResult, ...idempotentErrors },
    },
    handler: async (req, reply) =>
      send(reply, await service.bulkRecordPayment(req, req.body, { organization: requireOrganization(req) })),
  });

  const bulkDescription =
    "Approve or reject many bills, each on its own with the single call's rules; one result row per bill (another tenant's bill: not_found).";
  r.post(`${CLIENT_BASE}/bulk-approve-reject`, {
    config: { access: workflowPolicy },
    schema: {
      tags,
      description: bulkDescription,
      params: clientParams,
      headers: idempotencyHeaders,
      body: bulkApproveRejectRequest,
      response: { 200: bulkApproveRejectResult, ...idempotentErrors },
    },
    handler: async (req, reply) =>
      send(reply, await service.bulk(req, req.body, { client: requireClient(req) })),
  });

  r.post('/v1/billing/organizations/:organizationGuid/bulk-approve-reject', {
    config: { access: orgWorkflowPolicy },
    schema: {
      tags,
      description: bulkDescription,
      params: organizationParams,
      headers: idempotencyHeaders,
      body: bulkApproveRejectRequest,
      response: { 200: bulkApproveRejectResult, ...idempotentErrors },
    },
    handler: async (req, reply) =>
      send(reply, await service.bulk(req, req.body, { organization: requireOrganization(req) })),
  });

  r.get(`${CLIENT_BASE}/bills/:billGuid/tasks`, {
    config: { access: billTasksPolicy },
    schema: {
      tags,
      description: "The bill's approval and payment tasks, oldest first (staff only).",
      params: billParams,
      response: { 200: billTaskList, ...errorResponses },
    },
    handler: async (req) => {
      const found = await findVisibleBill(deps.database.db, requireClient(req), req.params.billGuid);
      return billTasksOf(deps.database.db, found.id);
    },
  });
}
