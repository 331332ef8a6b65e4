import {
  bill,
  commitmentBillList,
  commitmentBillTemplate,
  commitmentBillTemplateQuery,
  commitmentInstance,
  commitmentInstanceList,
  commitmentInstanceListQuery,
  commitmentTracker,
  createBillFromInstanceRequest,
  generateInstancesResult,
  pageQuery,
  patchCommitmentInstanceRequest,
} from '@bp/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireClient, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { clientUserBillConditions, selectSummaries, toSummary } from '../bill-core/index.ts';
import { bills } from '../bill-core/tables.ts';
import { createCommitmentBillService } from './bill-from-instance.ts';
import { findCommitment } from './commitment-visibility.ts';
import { generateInstances } from './instance-generation.ts';
import { instancesWithBills, toInstance, trackerOf } from './instance-reads.ts';
import { setInstanceSkipped } from './instance-skip.ts';
import {
  COMMITMENT_PATH,
  commitmentBillPolicy,
  commitmentParams,
  commitmentReadPolicy,
  commitmentWritePolicy,
  instanceParams,
  ORG_COMMITMENTS_BASE,
  organizationParams,
  orgGeneratePolicy,
} from './policies.ts';
import { todayOf } from './today.ts';

const tags = ['commitments'];

/** A commitment's instances, tracker and bills; bills from instances; generating instances on demand. */
export function registerCommitmentInstanceRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const billService = createCommitmentBillService(deps);

  /** The commitment's instances with their statuses on the caller's day, by due date. */
  async function instancesFor(clientScope: ReturnType<typeof requireClient>, id: number, today: string) {
    const { commitment } = await findCommitment(db, clientScope, id);
    const rows = await instancesWithBills(db, [commitment.id]);
    return rows.map((row) => toInstance(row, commitment.autopay, today));
  }

  r.get(`${COMMITMENT_PATH}/instances`, {
    config: { access: commitmentReadPolicy },
    schema: {
      tags,
      params: commitmentParams,
      querystring: commitmentInstanceListQuery,
      description:
        'By due date (ordering=-due_date for the latest first); status filters on the computed status.',
      response: { 200: commitmentInstanceList, ...errors },
    },
    handler: async (req) => {
      let all = await instancesFor(requireClient(req), req.params.commitmentId, todayOf(req, deps.now));
      if (req.query.status) all = all.filter((i) => i.status === req.query.status);
      if (req.query.ordering === '-due_date') all.reverse();
      const { limit, offset } = pageWindow(req.query);
      return pageOf(req, req.query, all.length, all.slice(offset, offset + limit));
    },
  });

  r.get(`${COMMITMENT_PATH}/tracker`, {
    config: { access: commitmentReadPolicy },
    schema: {
      tags,
      params: commitmentParams,
      description: 'The last 6 instances due before today and the next 6 generated ones, with statuses.',
      response: { 200: commitmentTracker, ...errors },
    },
    handler: async (req) => {
      const today = todayOf(req, deps.now);
      return trackerOf(await instancesFor(requireClient(req), req.params.commitmentId, today), today);
    },
  });

  r.get(`${COMMITMENT_PATH}/bills`, {
    config: { access: commitmentReadPolicy },
    schema: {
      tags,
      params: commitmentParams,
      querystring: pageQuery,
      description: 'Bills entered for this commitment, latest due date first.',
      response: { 200: commitmentBillList, ...errors },
    },
    handler: async (req) => {
      const scope = requireClient(req);
      const { commitment } = await findCommitment(db, scope, req.params.commitmentId);
      const where = and(
        eq(bills.commitmentId, commitment.id),
        eq(bills.clientId, scope.id),
        ...(await clientUserBillConditions(db, scope)),
      );
      const { limit, offset } = pageWindow(req.query);
      const [total] = await db.select({ n: count() }).from(bills).where(where);
      const rows = await selectSummaries(db)
        .where(where)
        .orderBy(desc(bills.dueDate), desc(bills.id))
        .limit(limit)
        .offset(offset);
      return pageOf(req, req.query, total?.n ?? 0, rows.map(toSummary));
    },
  });

  r.post(`${COMMITMENT_PATH}/generate-template`, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: commitmentParams,
      querystring: commitmentBillTemplateQuery,
      description:
        'The bill prefill of the next instance waiting for a bill (or of ?instance=), for /commitments/{commitmentId}/new-bill[/{commitmentBillId}]. Saves nothing.',
      response: { 200: commitmentBillTemplate, ...errors },
    },
    handler: (req) =>
      billService.template(
        requireClient(req),
        req.params.commitmentId,
        req.query.instance,
        todayOf(req, deps.now),
      ),
  });

  r.post(`${COMMITMENT_PATH}/instances/:instanceGuid/bill`, {
    config: { access: commitmentBillPolicy },
    schema: {
      tags,
      params: instanceParams,
      body: createBillFromInstanceRequest,
      description:
        "Enters the instance's bill (fields not sent come from the template) and links it. Within the entity's allowable_payment_threshold of the expected amount the client step is skipped (bill_auto_approved).",
      response: { 201: bill, ...errors },
    },
    handler: async (req, reply) => {
      const scope = requireClient(req);
      const created = await billService.createBill(
        scope,
        { scope, userId: requireAuth(req).user.id },
        actorOf(req),
        req.params.commitmentId,
        req.params.instanceGuid,
        req.body,
        todayOf(req, deps.now),
      );
      return reply.status(201).send(created);
    },
  });

  r.patch(`${COMMITMENT_PATH}/instances/:instanceGuid`, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: instanceParams,
      body: patchCommitmentInstanceRequest,
      description: 'Skips the instance (not owed this time) or takes the skip back.',
      response: { 200: commitmentInstance, ...errors },
    },
    handler: (req) =>
      setInstanceSkipped(
        db,
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.params.instanceGuid,
        req.body.skipped,
        { now: deps.now(), today: todayOf(req, deps.now) },
      ),
  });

  r.post(`${ORG_COMMITMENTS_BASE}/generate-instances`, {
    config: { access: orgGeneratePolicy },
    schema: {
      tags,
      params: organizationParams,
      description:
        "Generates the organisation's missing instances up to three months ahead now (the job does it on its own too).",
      response: { 200: generateInstancesResult, ...errors },
    },
    handler: (req) => generateInstances(db, { now: deps.now(), organizationId: requireOrganization(req).id }),
  });
}
