import {
  clientInvitationRequest,
  clientUser,
  guid,
  sendOnboardingInviteRequest,
  sendOnboardingInviteResponse,
  userInvitationRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createInvitationService } from './invitation-service.ts';

const tags = ['clients'];
const orgParams = z.object({ orgGuid: guid });
const clientParams = z.object({ clientGuid: guid });
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/accounts/organizations/:orgGuid/client-invitations', {
    config: { access: staffManage },
    schema: {
      tags,
      description: 'Invites a person to a client of the organisation (an e-mail with a create-account link).',
      params: orgParams,
      body: clientInvitationRequest,
      response: { 201: clientUser, ...errors },
    },
    handler: async (req, reply) => {
      const created = await service.inviteToOrgClient(requireOrganization(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  r.post('/v1/accounts/organizations/:orgGuid/send-onboarding-invite', {
    config: { access: staffManage },
    schema: {
      tags,
      description: "E-mails the client's primary users a link to the onboarding checklist.",
      params: orgParams,
      body: sendOnboardingInviteRequest,
      response: { 200: sendOnboardingInviteResponse, ...errors },
    },
    handler: (req) => service.sendOnboardingInvite(requireOrganization(req), req.body.client, actorOf(req)),
  });

  r.post('/v1/accounts/clients/:clientGuid/user-invitations', {
    config: { access: clientUsersWrite },
    schema: {
      tags,
      params: clientParams,
      body: userInvitationRequest,
      response: { 201: clientUser, ...errors },
    },
    handler: async (req, reply) => {
      const created = await service.invite(requireClient(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  r.post('/v1/accounts/clients/:clientGuid/user-invitations/:clientUserGuid/resend', {
    config: { access: clientUsersWrite },
    schema: {
      tags,
      description: 'A new invitation link for someone who has not accepted yet; earlier links stop working.',
      params: clientParams.extend({ clientUserGuid: guid }),
      response: { 200: clientUser, ...errors },
    },
    handler: (req) => service.resend(requireClient(req), req.params.clientUserGuid, actorOf(req)),
  });
}
