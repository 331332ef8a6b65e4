import {
  clientAssignment,
  clientAssignmentList,
  createClientAssignmentRequest,
  createStaffUserRequest,
  enableStaffUserRequest,
  guid,
  okBody,
  pageQuery,
  patchStaffUserRequest,
  STAFF_ORDERING,
  staffQuery,
  staffUser,
  staffUserList,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createAssignmentService } from './assignments.ts';
import { listStaff } from './repo.ts';
import { createStaffService } from './service.ts';

const tags = ['staff'];
const base = '/v1/accounts/organizations/:orgGuid/users';
const orgParams = z.object({ orgGuid: guid });
// Malformed ids are checked by the services and answer 404 like unknown ones (decision 003).
const userParams = orgParams.extend({ userGuid: z.string().max(64) });
const assignmentParams = userParams.extend({ clientGuid: z.string().max(64) });
const view = { kind: 'organization', param: 'orgGuid', permission: 'staff.view' } as const;
const manage = { kind: 'organization', param: 'orgGuid', permission: 'staff.manage' } as const;
const noContent = { 204: z.null().describe('No content') };

/** An organisation's staff users, their invitations and their client assignments. */
export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const staff = createStaffService(deps);
  const assignments = createAssignmentService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(base, {
    config: { access: view },
    schema: { tags, params: orgParams, querystring: staffQuery, response: { 200: staffUserList, ...errors } },
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

  r.post(base, {
    config: { access: manage },
    schema: {
      tags,
      params: orgParams,
      body: createStaffUserRequest,
      response: { 201: staffUser, ...errors },
    },
    handler: async (req, reply) => {
      const created = await staff.create(requireOrganization(req), req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  });

  r.get(`${base}/:userGuid`, {
    config: { access: view },
    schema: { tags, params: userParams, response: { 200: staffUser, ...errors } },
    handler: (req) => staff.get(requireOrganization(req), req.params.userGuid),
  });

  r.patch(`${base}/:userGuid`, {
    config: { access: manage },
    schema: {
      tags,
      params: userParams,
      body: patchStaffUserRequest,
      response: { 200: staffUser, ...errors },
    },
    handler: (req) =>
      staff.patch(
        requireOrganization(req),
        requireAuth(req).user.id,
        req.params.userGuid,
        req.body,
        actorOf(req),
      ),
  });

  r.post(`${base}/:userGuid/enable`, {
    config: { access: manage },
    schema: {
      tags,
      params: userParams,
      body: enableStaffUserRequest,
      response: { 200: staffUser, ...errors },
    },
    handler: (req) =>
      staff.setActive(
        requireOrganization(req),
        requireAuth(req).user.id,
        req.params.userGuid,
        req.body.is_active,
        actorOf(req),
      ),
  });

  r.post(`${base}/:userGuid/send-staff-invitation`, {
    config: { access: manage },
    schema: { tags, params: userParams, response: { 200: okBody, ...errors } },
    handler: (req) =>
      staff.invite(requireOrganization(req), requireAuth(req).user.id, req.params.userGuid, actorOf(req)),
  });

  r.get(`${base}/:userGuid/clients`, {
    config: { access: view },
    schema: {
      tags,
      params: userParams,
      querystring: pageQuery,
      response: { 200: clientAssignmentList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await assignments.list(
        requireOrganization(req),
        req.params.userGuid,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(`${base}/:userGuid/clients`, {
    config: { access: manage },
    schema: {
      tags,
      params: userParams,
      body: createClientAssignmentRequest,
      response: { 200: clientAssignment, 201: clientAssignment, ...errors },
    },
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

  r.delete(`${base}/:userGuid/clients/:clientGuid`, {
    config: { access: manage },
    schema: { tags, params: assignmentParams, response: { ...noContent, ...errors } },
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
