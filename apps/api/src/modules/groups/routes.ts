import { groupsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { findGroup, GROUP_ORDERING, listGroupMembers, listGroups } from './repo.ts';
import { createGroupService } from './service.ts';

// Malformed ids are checked by the service and answer 404 like unknown ones (decision 003).
const view = { kind: 'organization', param: 'orgGuid', permission: 'staff.view' } as const;
const manage = { kind: 'organization', param: 'orgGuid', permission: 'groups.manage' } as const;

export function registerGroupRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const service = createGroupService(deps);

  registerRoute(app, groupsRoutes.getAccountsOrganizationGroups, {
    access: view,
    handler: async (req) => {
      const { count, results } = await listGroups(db, requireOrganization(req).id, {
        window: pageWindow(req.query),
        search: req.query.search,
        ordering: parseOrdering(req.query.ordering, GROUP_ORDERING, { field: 'name', desc: false }),
      });
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, groupsRoutes.postAccountsOrganizationGroups, {
    access: manage,
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(requireOrganization(req), req.body, actorOf(req))),
  });

  registerRoute(app, groupsRoutes.postAccountsOrganizationGroupsBulkCreate, {
    access: manage,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.bulkCreate(requireOrganization(req), req.body.groups, actorOf(req))),
  });

  registerRoute(app, groupsRoutes.getAccountsOrganizationGroup, {
    access: view,
    handler: (req) => service.get(requireOrganization(req), req.params.groupGuid),
  });

  registerRoute(app, groupsRoutes.patchAccountsOrganizationGroup, {
    access: manage,
    handler: (req) => service.patch(requireOrganization(req), req.params.groupGuid, req.body, actorOf(req)),
  });

  registerRoute(app, groupsRoutes.deleteAccountsOrganizationGroup, {
    access: manage,
    handler: async (req, reply) => {
      await service.remove(requireOrganization(req), req.params.groupGuid, actorOf(req));
      return reply.status(204).send(null);
    },
  });

  registerRoute(app, groupsRoutes.getAccountsOrganizationGroupUsers, {
    access: view,
    handler: async (req) => {
      const found = await findGroup(db, requireOrganization(req).id, req.params.groupGuid);
      const { count, results } = await listGroupMembers(db, found.id, pageWindow(req.query));
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, groupsRoutes.postAccountsOrganizationGroupUsers, {
    access: manage,
    handler: async (req, reply) => {
      const { created, group: updated } = await service.addMember(
        requireOrganization(req),
        req.params.groupGuid,
        req.body.user,
        actorOf(req),
      );
      return reply.status(created ? 201 : 200).send(updated);
    },
  });

  registerRoute(app, groupsRoutes.deleteAccountsOrganizationGroupUser, {
    access: manage,
    handler: async (req, reply) => {
      await service.removeMember(
        requireOrganization(req),
        req.params.groupGuid,
        req.params.userGuid,
        actorOf(req),
      );
      return reply.status(204).send(null);
    },
  });

  registerRoute(app, groupsRoutes.getAccountsOrganizationGroupPermissions, {
    access: view,
    handler: (req) => service.permissions(requireOrganization(req), req.params.groupGuid),
  });

  registerRoute(app, groupsRoutes.putAccountsOrganizationGroupPermissions, {
    access: manage,
    handler: (req) =>
      service.setPermissions(
        requireOrganization(req),
        req.params.groupGuid,
        req.body.permissions,
        actorOf(req),
      ),
  });

  registerRoute(app, groupsRoutes.getAccountsOrganizationUserGroups, {
    access: view,
    handler: (req) => service.userGroups(requireOrganization(req), req.params.userGuid),
  });

  registerRoute(app, groupsRoutes.putAccountsOrganizationUserGroups, {
    access: manage,
    handler: (req) =>
      service.setUserGroups(requireOrganization(req), req.params.userGuid, req.body.groups, actorOf(req)),
  });
}
