import { STAFF_ORDERING, staffRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { createAssignmentService } from './assignments.ts';
import { listStaff } from './repo.ts';
import { createStaffService } from './service.ts';

// Malformed ids are checked by the services and answer 404 like unknown ones (decision 003).
const view = { kind: 'organization', param: 'orgGuid', permission: 'staff.view' } as const;
const manage = { kind: 'organization', param: 'orgGuid', permission: 'staff.manage' } as const;

/** An organisation's staff users, their invitations and their client assignments. */
export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const staff = createStaffService(deps);
  const assignments = createAssignmentService(deps);

  registerRoute(app, staffRoutes.getAccountsOrganizationUsers, {
    access: view,
    handler: async (req) => {
      const scope = requireOrganization(req);
      const { count, results } = await listStaff(db, scope.id, {
        window: pageWindow(req.query),
        search: req.query.search,
        teamLabel: req.query.team_label,
        isActive: req.query.is_active === undefined ? undefined : req.query.is_active === 'true',
        ordering: parseOrdering(req.query.ordering, STAFF_ORDERING, { field: 'last_name', desc: false }),
      });
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, staffRoutes.postAccountsOrganizationUsers, {
    access: manage,
    handler: async (req, reply) => {
      const created = await staff.create(requireOrganization(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, staffRoutes.getAccountsOrganizationUser, {
    access: view,
    handler: (req) => staff.get(requireOrganization(req), req.params.userGuid),
  });

  registerRoute(app, staffRoutes.patchAccountsOrganizationUser, {
    access: manage,
    handler: (req) =>
      staff.patch(
        requireOrganization(req),
        requireAuth(req).user.id,
        req.params.userGuid,
        req.body,
        actorOf(req),
      ),
  });

  registerRoute(app, staffRoutes.postAccountsOrganizationUserEnable, {
    access: manage,
    handler: (req) =>
      staff.setActive(
        requireOrganization(req),
        requireAuth(req).user.id,
        req.params.userGuid,
        req.body.is_active,
        actorOf(req),
      ),
  });

  registerRoute(app, staffRoutes.postAccountsOrganizationUserSendStaffInvitation, {
    access: manage,
    handler: (req) =>
      staff.invite(requireOrganization(req), requireAuth(req).user.id, req.params.userGuid, actorOf(req)),
  });

  registerRoute(app, staffRoutes.getAccountsOrganizationUserClients, {
    access: view,
    handler: async (req) => {
      const { count, results } = await assignments.list(
        requireOrganization(req),
        req.params.userGuid,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, staffRoutes.postAccountsOrganizationUserClients, {
    access: manage,
    handler: async (req, reply) => {
      const { created, assignment } = await assignments.assign(
        requireOrganization(req),
        req.params.userGuid,
        req.body,
        actorOf(req),
      );
      return reply.status(created ? 201 : 200).send(assignment);
    },
  });

  registerRoute(app, staffRoutes.deleteAccountsOrganizationUserClient, {
    access: manage,
    handler: async (req, reply) => {
      await assignments.unassign(
        requireOrganization(req),
        req.params.userGuid,
        req.params.clientGuid,
        actorOf(req),
      );
      return reply.status(204).send(null);
    },
  });
}
