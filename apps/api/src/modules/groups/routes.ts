import {
  addGroupUserRequest,
  bulkCreateGroupsRequest,
  createGroupRequest,
  group,
  groupList,
  groupMemberList,
  groupPermissionsBody,
  guid,
  pageQuery,
  patchGroupRequest,
  setUserGroupsRequest,
  userGroups,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOrganization } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { findGroup, GROUP_ORDERING, listGroupMembers, listGroups } from './repo.ts';
import { createGroupService } from './service.ts';

const tags = ['groups'];
const base = '/v1/accounts/organizations/:orgGuid/groups';
const orgParams = z.object({ orgGuid: guid });
// Malformed ids are checked by the service and answer 404 like unknown ones (decision 003).
const groupParams = orgParams.extend({ groupGuid: z.string().max(64) });
const groupUserParams = groupParams.extend({ userGuid: z.string().max(64) });
const userParams = orgParams.extend({ userGuid: z.string().max(64) });
const view = { kind: 'organization', param: 'orgGuid', permission: 'staff.view' } as const;
const manage = { kind: 'organization', param: 'orgGuid', permission: 'groups.manage' } as const;
const noContent = { 204: z.null().describe('No content') };

export function registerGroupRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const service = createGroupService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(base, {
    config: { access: view },
    schema: { tags, params: orgParams, querystring: pageQuery, response: { 200: groupList, ...errors } },
    handler: async (req) => {
      const { count, results } = await listGroups(db, requireOrganization(req).id, {
        window: pageWindow(req.query),
        search: req.query.search,
        ordering: parseOrdering(req.query.ordering, GROUP_ORDERING, { field: 'name', desc: false }),
      });
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(base, {
    config: { access: manage },
    schema: { tags, params: orgParams, body: createGroupRequest, response: { 201: group, ...errors } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(requireOrganization(req), req.body, actorOf(req))),
  });

  r.post(`${base}/bulk-create`, {
    config: { access: manage },
    schema: {
      tags,
      params: orgParams,
      body: bulkCreateGroupsRequest,
      response: { 201: z.array(group), ...errors },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.bulkCreate(requireOrganization(req), req.body.groups, actorOf(req))),
  });

  r.get(`${base}/:groupGuid`, {
    config: { access: view },
    schema: { tags, params: groupParams, response: { 200: group, ...errors } },
    handler: (req) => service.get(requireOrganization(req), req.params.groupGuid),
  });

  r.patch(`${base}/:groupGuid`, {
    config: { access: manage },
    schema: { tags, params: groupParams, body: patchGroupRequest, response: { 200: group, ...errors } },
    handler: (req) => service.patch(requireOrganization(req), req.params.groupGuid, req.body, actorOf(req)),
  });

  r.delete(`${base}/:groupGuid`, {
    config: { access: manage },
    schema: { tags, params: groupParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await service.remove(requireOrganization(req), req.params.groupGuid, actorOf(req));
      return reply.status(204).send(null);
    },
  });

  r.get(`${base}/:groupGuid/users`, {
    config: { access: view },
    schema: {
      tags,
      params: groupParams,
      querystring: pageQuery,
      response: { 200: groupMemberList, ...errors },
    },
    handler: async (req) => {
      const found = await findGroup(db, requireOrganization(req).id, req.params.groupGuid);
      const { count, results } = await listGroupMembers(db, found.id, pageWindow(req.query));
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(`${base}/:groupGuid/users`, {
    config: { access: manage },
    schema: {
      tags,
      params: groupParams,
      body: addGroupUserRequest,
      response: { 200: group, 201: group, ...errors },
    },
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

  r.delete(`${base}/:groupGuid/users/:userGuid`, {
    config: { access: manage },
    schema: { tags, params: groupUserParams, response: { ...noContent, ...errors } },
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

  r.get(`${base}/:groupGuid/permissions`, {
    config: { access: view },
    schema: { tags, params: groupParams, response: { 200: groupPermissionsBody, ...errors } },
    handler: (req) => service.permissions(requireOrganization(req), req.params.groupGuid),
  });

  r.put(`${base}/:groupGuid/permissions`, {
    config: { access: manage },
    schema: {
      tags,
      params: groupParams,
      body: groupPermissionsBody,
      response: { 200: groupPermissionsBody, ...errors },
    },
    handler: (req) =>
      service.setPermissions(
        requireOrganization(req),
        req.params.groupGuid,
        req.body.permissions,
        actorOf(req),
      ),
  });

  r.get('/v1/accounts/organizations/:orgGuid/users/:userGuid/groups', {
    config: { access: view },
    schema: { tags, params: userParams, response: { 200: userGroups, ...errors } },
    handler: (req) => service.userGroups(requireOrganization(req), req.params.userGuid),
  });

  r.put('/v1/accounts/organizations/:orgGuid/users/:userGuid/groups', {
    config: { access: manage },
    schema: {
      tags,
      params: userParams,
      body: setUserGroupsRequest,
      response: { 200: userGroups, ...errors },
    },
    handler: (req) =>
      service.setUserGroups(requireOrganization(req), req.params.userGuid, req.body.groups, actorOf(req)),
  });
}
