import { organizationsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { organizationsOfUserReader, type UnreadColumn, type UnreadCounts } from './repo.ts';
import { createOrganizationService } from './service.ts';

const member = { kind: 'organization', param: 'orgGuid' } as const;

/** `unreadCountsOf`: bill-messages' unread counts per organisation (app.ts passes it in). */
export function registerOrganizationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  unreadCountsOf: UnreadCounts,
  unreadColumn: UnreadColumn,
) {
  const { db } = deps.database;
  const service = createOrganizationService(deps, unreadCountsOf);
  const organizationsOfUser = organizationsOfUserReader(unreadColumn);

  registerRoute(app, organizationsRoutes.getAccountsOrganizations, {
    access: { kind: 'signedIn', userType: 'bporg' },
    handler: async (req) => {
      const { count, results } = await organizationsOfUser(
        db,
        requireAuth(req).user.id,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, organizationsRoutes.getAccountsOrganization, {
    access: member,
    handler: (req) => service.get(requireOrganization(req)),
  });

  registerRoute(app, organizationsRoutes.patchAccountsOrganization, {
    access: { ...member, permission: 'organization.manage' },
    handler: (req) => service.patch(requireOrganization(req), req.body, actorOf(req)),
  });

  registerRoute(app, organizationsRoutes.getAccountsOrganizationPermissions, {
    access: member,
    handler: (req) => service.permissions(requireOrganization(req)),
  });
}
