import {
  commitment,
  commitmentDraft,
  commitmentFromBillRequest,
  commitmentList,
  commitmentListQuery,
  commitmentVersionRequest,
  createCommitmentRequest,
  patchCommitmentRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import {
  findOrganizationCommitment,
  listClientCommitments,
  listOrganizationCommitments,
} from './commitment-lists.ts';
import { createCommitmentService } from './commitment-service.ts';
import { draftFromBill, mergeDraft } from './from-bill.ts';
import {
  CLIENT_COMMITMENTS_BASE,
  COMMITMENT_PATH,
  clientParams,
  commitmentParams,
  commitmentReadPolicy,
  commitmentWritePolicy,
  fromBillParams,
  ORG_COMMITMENT_PATH,
  ORG_COMMITMENTS_BASE,
  organizationParams,
  orgCommitmentParams,
  orgCommitmentsPolicy,
} from './policies.ts';
import { todayOf } from './today.ts';

const tags = ['commitments'];
const LIST_DESCRIPTION =
  'Filters: entity (or all-entities), category, frequency, archived=true for the archived ones, search (vendor, memo); ordering among next_due_date, created_on, vendor, expected_amount, category (prefix - for descending).';

/** Commitments of a client (and the organisation's list across clients): CRUD, archive, autopay, from a bill. */
export function registerCommitmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCommitmentService(deps);
  const { db } = deps.database;

  r.get(CLIENT_COMMITMENTS_BASE, {
    config: { access: commitmentReadPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: commitmentListQuery,
      description: LIST_DESCRIPTION,
      response: { 200: commitmentList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await listClientCommitments(
        db,
        requireClient(req),
        req.query,
        todayOf(req, deps.now),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  r.get(ORG_COMMITMENTS_BASE, {
    config: { access: orgCommitmentsPolicy },
    schema: {
      tags,
      params: organizationParams,
      querystring: commitmentListQuery,
      description: `${LIST_DESCRIPTION} Also client (or all-clients).`,
      response: { 200: commitmentList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await listOrganizationCommitments(
        db,
        requireOrganization(req).id,
        req.query,
        todayOf(req, deps.now),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  r.get(ORG_COMMITMENT_PATH, {
    config: { access: orgCommitmentsPolicy },
    schema: {
      tags,
      params: orgCommitmentParams,
      description:
        "One commitment of the organisation by its id alone, as under its client; its client's guid is in the answer.",
      response: { 200: commitment, ...errors },
    },
    handler: (req) =>
      findOrganizationCommitment(
        db,
        requireOrganization(req).id,
        req.params.commitmentId,
        todayOf(req, deps.now),
      ),
  });

  r.post(CLIENT_COMMITMENTS_BASE, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: clientParams,
      body: createCommitmentRequest,
      response: { 201: commitment, ...errors },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.create(requireClient(req), actorOf(req), req.body, todayOf(req, deps.now))),
  });

  r.get(`${CLIENT_COMMITMENTS_BASE}/from-bill/:billGuid`, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: fromBillParams,
      description: 'The commitment form prefilled from a bill, not saved.',
      response: { 200: commitmentDraft, ...errors },
    },
    handler: (req) => draftFromBill(db, requireClient(req), req.params.billGuid),
  });

  r.post(`${CLIENT_COMMITMENTS_BASE}/from-bill/:billGuid`, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: fromBillParams,
      body: commitmentFromBillRequest,
      description: 'Creates a commitment from a bill; the fields sent win over the prefill.',
      response: { 201: commitment, ...errors },
    },
    handler: async (req, reply) => {
      const scope = requireClient(req);
      const draft = await draftFromBill(db, scope, req.params.billGuid);
      // The prefill plus the caller's fields is checked like any new commitment (400 by field).
      const body = mergeDraft(draft, req.body);
      return reply.status(201).send(await service.create(scope, actorOf(req), body, todayOf(req, deps.now)));
    },
  });

  r.get(COMMITMENT_PATH, {
    config: { access: commitmentReadPolicy },
    schema: { tags, params: commitmentParams, response: { 200: commitment, ...errors } },
    handler: (req) => service.get(requireClient(req), req.params.commitmentId, todayOf(req, deps.now)),
  });

  r.patch(COMMITMENT_PATH, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: commitmentParams,
      body: patchCommitmentRequest,
      response: { 200: commitment, ...errors },
    },
    handler: (req) =>
      service.patch(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body,
        todayOf(req, deps.now),
      ),
  });

  r.delete(COMMITMENT_PATH, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: commitmentParams,
      body: commitmentVersionRequest.nullish(),
      description: 'Archives the commitment (kept with its instances and bills). Answers it.',
      response: { 200: commitment, ...errors },
    },
    handler: (req) =>
      service.archive(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body?.version,
        todayOf(req, deps.now),
      ),
  });

  r.post(`${COMMITMENT_PATH}/unarchive`, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: commitmentParams,
      body: commitmentVersionRequest.nullish(),
      response: { 200: commitment, ...errors },
    },
    handler: (req) =>
      service.unarchive(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body?.version,
        todayOf(req, deps.now),
      ),
  });

  r.post(`${COMMITMENT_PATH}/create_autopay`, {
    config: { access: commitmentWritePolicy },
    schema: {
      tags,
      params: commitmentParams,
      body: commitmentVersionRequest.nullish(),
      description:
        "Marks the commitment as paid by the vendor's autopay: its instances are tracked (status autopay once due), never billed, never paid by staff.",
      response: { 200: commitment, ...errors },
    },
    handler: (req) =>
      service.autopay(
        requireClient(req),
        actorOf(req),
        req.params.commitmentId,
        req.body?.version,
        todayOf(req, deps.now),
      ),
  });
}
