import { commitmentsRoutes } from '@bp/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { billList, clientUserBillConditions, selectSummaries, toSummary } from '../bill-core/index.ts';
import { createCommitmentBillService } from './bill-from-instance.ts';
import { findCommitment } from './commitment-visibility.ts';
import { generateInstances } from './instance-generation.ts';
import { instancesWithBills, toInstance, trackerOf } from './instance-reads.ts';
import { setInstanceSkipped } from './instance-skip.ts';
import {
  commitmentBillPolicy,
  commitmentReadPolicy,
  commitmentWritePolicy,
  orgGeneratePolicy,
} from './policies.ts';

/** A commitment's instances, tracker and bills; bills from instances; generating instances on demand. */
export function registerCommitmentInstanceRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const billService = createCommitmentBillService(deps);

  /** The commitment's instances with their statuses on the caller's day, by due date. */
  async function instancesFor(clientScope: ReturnType<typeof requireClient>, id: number, today: string) {
    const { commitment } = await findCommitment(db, clientScope, id);
    const rows = await instancesWithBills(db, [commitment.id]);
    return rows.map((row) => toInstance(row, commitment.autopay, today));
  }

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentInstances, {
    access: commitmentReadPolicy,
    handler: async (req) => {
      let all = await instancesFor(requireClient(req), req.params.commitmentId, todayOf(req, deps.now()));
      if (req.query.status) all = all.filter((i) => i.status === req.query.status);
      if (req.query.ordering === '-due_date') all.reverse();
      const { limit, offset } = pageWindow(req.query);
      return pageOf(req, req.query, all.length, all.slice(offset, offset + limit));
    },
  });

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentTracker, {
    access: commitmentReadPolicy,
    handler: async (req) => {
      const today = todayOf(req, deps.now());
      return trackerOf(await instancesFor(requireClient(req), req.params.commitmentId, today), today);
    },
  });

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentBills, {
    access: commitmentReadPolicy,
    handler: async (req) => {
      const scope = requireClient(req);
      const { commitment } = await findCommitment(db, scope, req.params.commitmentId);
      const where = and(
        eq(billList.commitmentId, commitment.id),
        eq(billList.clientId, scope.id),
        ...(await clientUserBillConditions(db, scope, billList)),
      );
      const { limit, offset } = pageWindow(req.query);
      const [total] = await db.select({ n: count() }).from(billList).where(where);
      const rows = await selectSummaries(db)
        .where(where)
        .orderBy(desc(billList.dueDate), desc(billList.id))
        .limit(limit)
        .offset(offset);
      return pageOf(req, req.query, total?.n ?? 0, rows.map(toSummary));
    },
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitmentGenerateTemplate, {
    access: commitmentWritePolicy,
    handler: (req) =>
      billService.template(
        requireClient(req),
        req.params.commitmentId,
        req.query.instance,
        todayOf(req, deps.now()),
      ),
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitmentInstanceBill, {
    access: commitmentBillPolicy,
    handler: async (req, reply) => {
      const scope = requireClient(req);
      const created = await billService.createBill(
        scope,
        { scope, userId: requireAuth(req).user.id },
        actorOf(req),
        req.params.commitmentId,
        req.params.instanceGuid,
        req.body,
        todayOf(req, deps.now()),
      );
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, commitmentsRoutes.patchBillingClientCommitmentInstance, {
    access: commitmentWritePolicy,
    handler: (req) =>
      setInstanceSkipped(
        db,
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.params.instanceGuid,
        req.body.skipped,
        { now: deps.now(), today: todayOf(req, deps.now()) },
      ),
  });

  registerRoute(app, commitmentsRoutes.postBillingOrganizationCommitmentsGenerateInstances, {
    access: orgGeneratePolicy,
    handler: (req) => generateInstances(db, { now: deps.now(), organizationId: requireOrganization(req).id }),
  });
}
