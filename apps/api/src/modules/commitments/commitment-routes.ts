import { commitmentsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import {
  findOrganizationCommitment,
  listClientCommitments,
  listOrganizationCommitments,
} from './commitment-lists.ts';
import { createCommitmentService } from './commitment-service.ts';
import { draftFromBill, mergeDraft } from './from-bill.ts';
import { commitmentReadPolicy, commitmentWritePolicy, orgCommitmentsPolicy } from './policies.ts';

/** Commitments of a client (and the organisation's list across clients): CRUD, archive, autopay, from a bill. */
export function registerCommitmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createCommitmentService(deps);
  const { db } = deps.database;

  registerRoute(app, commitmentsRoutes.getBillingClientCommitments, {
    access: commitmentReadPolicy,
    handler: async (req) => {
      const { count, results } = await listClientCommitments(
        db,
        requireClient(req),
        req.query,
        todayOf(req, deps.now()),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, commitmentsRoutes.getBillingOrganizationCommitments, {
    access: orgCommitmentsPolicy,
    handler: async (req) => {
      const { count, results } = await listOrganizationCommitments(
        db,
        requireOrganization(req).id,
        req.query,
        todayOf(req, deps.now()),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, commitmentsRoutes.getBillingOrganizationCommitment, {
    access: orgCommitmentsPolicy,
    handler: (req) =>
      findOrganizationCommitment(
        db,
        requireOrganization(req).id,
        req.params.commitmentId,
        todayOf(req, deps.now()),
      ),
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitments, {
    access: commitmentWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.create(requireClient(req), actorOf(req), req.body, todayOf(req, deps.now()))),
  });

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentsFromBill, {
    access: commitmentWritePolicy,
    handler: (req) => draftFromBill(db, requireClient(req), req.params.billGuid),
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitmentsFromBill, {
    access: commitmentWritePolicy,
    handler: async (req, reply) => {
      const scope = requireClient(req);
      const draft = await draftFromBill(db, scope, req.params.billGuid);
      // The prefill plus the caller's fields is checked like any new commitment (400 by field).
      const body = mergeDraft(draft, req.body);
      return reply
        .status(201)
        .send(await service.create(scope, actorOf(req), body, todayOf(req, deps.now())));
    },
  });

  registerRoute(app, commitmentsRoutes.getBillingClientCommitment, {
    access: commitmentReadPolicy,
    handler: (req) => service.get(requireClient(req), req.params.commitmentId, todayOf(req, deps.now())),
  });

  registerRoute(app, commitmentsRoutes.patchBillingClientCommitment, {
    access: commitmentWritePolicy,
    handler: (req) =>
      service.patch(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body,
        todayOf(req, deps.now()),
      ),
  });

  registerRoute(app, commitmentsRoutes.deleteBillingClientCommitment, {
    access: commitmentWritePolicy,
    handler: (req) =>
      service.archive(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body?.version,
        todayOf(req, deps.now()),
      ),
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitmentUnarchive, {
    access: commitmentWritePolicy,
    handler: (req) =>
      service.unarchive(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body?.version,
        todayOf(req, deps.now()),
      ),
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitmentCreateAutopay, {
    access: commitmentWritePolicy,
    handler: (req) =>
      service.autopay(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body?.version,
        todayOf(req, deps.now()),
      ),
  });
}
