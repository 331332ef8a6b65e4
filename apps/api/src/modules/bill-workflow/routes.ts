import { billWorkflowRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { contextOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { Answer } from '../../platform/idempotency/idempotency.ts';
import { findVisibleBill } from '../bill-core/index.ts';
import { billTasksOf } from '../tasks/index.ts';
import { registerAwaitingApprovalRoutes } from './awaiting-approval-routes.ts';
import { type BulkWhere, createWorkflowService } from './service.ts';
import type { MoneyMoveHook, WorkflowAction } from './transitions.ts';

/** Client users who may write (never observers) and staff of the client's organisation; the service checks the step. */
const workflowPolicy: AccessPolicy = { kind: 'client', param: 'clientGuid', write: true };
const orgWorkflowPolicy: AccessPolicy = { kind: 'organization', param: 'organizationGuid' };
const billTasksPolicy: AccessPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  staffOnly: true,
};

const send = (reply: FastifyReply, answer: Answer) => reply.status(answer.status).send(answer.body as never);

export function registerWorkflowRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { moneyMoved?: MoneyMoveHook } = {},
) {
  const service = createWorkflowService(deps, hooks);
  registerAwaitingApprovalRoutes(app, deps);
  const clientWide = (req: FastifyRequest) =>
    contextOf<BulkWhere>(req, deps.now(), { client: requireClient(req) });
  const organizationWide = (req: FastifyRequest) =>
    contextOf<BulkWhere>(req, deps.now(), { organization: requireOrganization(req) });

  registerRoute(app, billWorkflowRoutes.postBillingClientBillWorkflow, {
    access: workflowPolicy,
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
      const ctx = contextOf(req, deps.now(), requireClient(req));
      return send(reply, await service.act(ctx, req.params.billGuid, input, b.version));
    },
  });

  // The moves that take only a reason (and the version): one route each, the same handling.
  const reasonMoves = [
    { route: billWorkflowRoutes.postBillingClientBillWorkflowRevise, action: 'revise' },
    { route: billWorkflowRoutes.postBillingClientBillWorkflowReversePayment, action: 'reverse_payment' },
  ] as const;
  for (const move of reasonMoves) {
    registerRoute(app, move.route, {
      access: workflowPolicy,
      handler: async (req, reply) =>
        send(
          reply,
          await service.act(
            contextOf(req, deps.now(), requireClient(req)),
            req.params.billGuid,
            { action: move.action, reason: req.body.reason },
            req.body.version,
          ),
        ),
    });
  }

  registerRoute(app, billWorkflowRoutes.postBillingClientBillWorkflowRecordPayment, {
    access: workflowPolicy,
    handler: async (req, reply) => {
      const { version, ...details } = req.body;
      return send(
        reply,
        await service.act(
          contextOf(req, deps.now(), requireClient(req)),
          req.params.billGuid,
          { action: 'record_payment', ...details },
          version,
        ),
      );
    },
  });

  registerRoute(app, billWorkflowRoutes.postBillingClientBulkRecordPayment, {
    access: workflowPolicy,
    handler: async (req, reply) => send(reply, await service.bulkRecordPayment(clientWide(req), req.body)),
  });
  registerRoute(app, billWorkflowRoutes.postBillingOrganizationBulkRecordPayment, {
    access: orgWorkflowPolicy,
    handler: async (req, reply) =>
      send(reply, await service.bulkRecordPayment(organizationWide(req), req.body)),
  });

  registerRoute(app, billWorkflowRoutes.postBillingClientBulkApproveReject, {
    access: workflowPolicy,
    handler: async (req, reply) => send(reply, await service.bulk(clientWide(req), req.body)),
  });

  registerRoute(app, billWorkflowRoutes.postBillingOrganizationBulkApproveReject, {
    access: orgWorkflowPolicy,
    handler: async (req, reply) => send(reply, await service.bulk(organizationWide(req), req.body)),
  });

  registerRoute(app, billWorkflowRoutes.getBillingClientBillTasks, {
    access: billTasksPolicy,
    handler: async (req) => {
      const found = await findVisibleBill(deps.database.db, requireClient(req), req.params.billGuid);
      return billTasksOf(deps.database.db, found.id);
    },
  });
}
