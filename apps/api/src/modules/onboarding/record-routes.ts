import { onboardingRoutes } from '@bp/contracts';
import type { Permission } from '@bp/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { clientList } from '../clients/index.ts';
import { createCommitmentService } from '../commitments/index.ts';
import { createEntityService, type Tenant, tenantOf } from '../entities/index.ts';
import { requireEditor } from './checklist.ts';
import { forbidden } from './errors.ts';
import { onboardingWritePolicy } from './policies.ts';

/**
 * While its onboarding is open, a client fills the entities and commitment steps itself (issue 15): the
 * entity and commitment routes are staff-only, so these two take the same bodies and call the same
 * services. Afterwards the organisation keeps them (403 here); staff need the permission of the real route.
 */
async function requireOpenOnboarding(db: DbOrTx, tenant: Tenant, staffPermission: Permission) {
  await requireEditor(db, tenant);
  if (tenant.via === 'staff') {
    if (!tenant.permissions.has(staffPermission)) throw forbidden();
    return;
  }
  const [client] = await db
    .select({ completed: clientList.isOnboardingCompleted })
    .from(clientList)
    .where(eq(clientList.id, tenant.clientId));
  if (client?.completed) {
    throw forbidden(
      'Onboarding is completed: your organisation keeps these records now.',
      'onboarding_completed',
    );
  }
}

export function registerOnboardingRecordRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const entities = createEntityService(deps);
  const commitments = createCommitmentService(deps);

  registerRoute(app, onboardingRoutes.postAccountsClientOnboardingEntities, {
    access: onboardingWritePolicy,
    handler: async (req, reply) => {
      const tenant = tenantOf(req);
      await requireOpenOnboarding(db, tenant, 'entities.manage');
      return reply.status(201).send(await entities.create(tenant, req.body));
    },
  });
  registerRoute(app, onboardingRoutes.postAccountsClientOnboardingCommitments, {
    access: onboardingWritePolicy,
    handler: async (req, reply) => {
      await requireOpenOnboarding(db, tenantOf(req), 'commitments.manage');
      const created = await commitments.create(
        requireClient(req),
        actorOf(req),
        req.body,
        todayOf(req, deps.now()),
      );
      return reply.status(201).send(created);
    },
  });
}
