import { clientsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { createInvitationService } from './invitation-service.ts';

const staffManage = { kind: 'organization', param: 'orgGuid', permission: 'client_users.manage' } as const;
/** Staff with client_users.manage, or the client's own users (observers refused; the service narrows). */
export const clientUsersWrite = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'client_users.manage',
  write: true,
} as const;

export function registerInvitationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createInvitationService(deps);

  registerRoute(app, clientsRoutes.postAccountsOrganizationClientInvitations, {
    access: staffManage,
    handler: async (req, reply) => {
      const created = await service.inviteToOrgClient(requireOrganization(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, clientsRoutes.postAccountsOrganizationSendOnboardingInvite, {
    access: staffManage,
    handler: (req) => service.sendOnboardingInvite(requireOrganization(req), req.body.client, actorOf(req)),
  });

  registerRoute(app, clientsRoutes.postAccountsClientUserInvitations, {
    access: clientUsersWrite,
    handler: async (req, reply) => {
      const created = await service.invite(requireClient(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, clientsRoutes.postAccountsClientUserInvitationResend, {
    access: clientUsersWrite,
    handler: (req) => service.resend(requireClient(req), req.params.clientUserGuid, actorOf(req)),
  });
}
