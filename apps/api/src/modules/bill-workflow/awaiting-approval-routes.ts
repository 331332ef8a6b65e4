import { billWorkflowRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireAuth, requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { contextOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { notifyAwaitingApproval } from './awaiting-approval.ts';

/** Staff of the client's organisation; never client users. */
const policy: AccessPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  write: true,
  staffOnly: true,
};

/**
 * POST /v1/notifications/clients/{clientGuid}/entities/{entityGuid}/awaiting-approval: e-mails the
 * client's approvers the entity's bills waiting on them (awaiting-approval.ts).
 */
export function registerAwaitingApprovalRoutes(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, billWorkflowRoutes.postNotificationsClientEntityAwaitingApproval, {
    access: policy,
    handler: (req) =>
      notifyAwaitingApproval(
        deps,
        contextOf(req, deps.now(), requireClient(req)),
        req.params.entityGuid,
        req.body,
        requireAuth(req).user.guid,
      ),
  });
}
