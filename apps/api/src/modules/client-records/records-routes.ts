import {
  contact,
  contactList,
  createContactRequest,
  createPropertyRequest,
  guid,
  pageQuery,
  patchContactRequest,
  patchPropertyRequest,
  property,
  propertyList,
} from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import {
  clientParams,
  noContent,
  readPolicy,
  recordWritePolicy,
  requireRecordWriter,
  tenantOf,
} from '../entities/index.ts';
import { createContactService } from './contacts-service.ts';
import { createPropertyService } from './properties-service.ts';

const tags = ['client records'];
const propertyParams = clientParams.extend({ propertyGuid: guid });
const contactParams = clientParams.extend({ contactGuid: guid });
const BASE = '/v1/accounts/clients/:clientGuid';

/** Staff with entities.manage (the policy), or a client user with a writer role: checked before the body. */
const writerOnly = {
  preValidation: async (req: FastifyRequest) => requireRecordWriter(tenantOf(req)),
};

/** Properties and contacts of a client: its staff and its own (non-observer) users keep them. */
export function registerPropertyAndContactRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const properties = createPropertyService(deps);
  r.get(`${BASE}/properties`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: pageQuery,
      response: { 200: propertyList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await properties.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BASE}/properties`, {
    config: { access: recordWritePolicy },
    ...writerOnly,
    schema: {
      tags,
      params: clientParams,
      body: createPropertyRequest,
      response: { 201: property, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await properties.create(tenantOf(req), req.body)),
  });
  r.get(`${BASE}/properties/:propertyGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: propertyParams, response: { 200: property, ...errors } },
    handler: (req) => properties.get(tenantOf(req), req.params.propertyGuid),
  });
  r.patch(`${BASE}/properties/:propertyGuid`, {
    config: { access: recordWritePolicy },
    ...writerOnly,
    schema: {
      tags,
      params: propertyParams,
      body: patchPropertyRequest,
      response: { 200: property, ...errors },
    },
    handler: (req) => properties.patch(tenantOf(req), req.params.propertyGuid, req.body),
  });
  r.delete(`${BASE}/properties/:propertyGuid`, {
    config: { access: recordWritePolicy },
    ...writerOnly,
    schema: { tags, params: propertyParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await properties.remove(tenantOf(req), req.params.propertyGuid);
      return reply.status(204).send(null);
    },
  });

  const contacts = createContactService(deps);
  r.get(`${BASE}/contacts`, {
    config: { access: readPolicy },
    schema: { tags, params: clientParams, querystring: pageQuery, response: { 200: contactList, ...errors } },
    handler: async (req) => {
      const { count, results } = await contacts.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BASE}/contacts`, {
    config: { access: recordWritePolicy },
    ...writerOnly,
    schema: { tags, params: clientParams, body: createContactRequest, response: { 201: contact, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await contacts.create(tenantOf(req), req.body)),
  });
  r.get(`${BASE}/contacts/:contactGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: contactParams, response: { 200: contact, ...errors } },
    handler: (req) => contacts.get(tenantOf(req), req.params.contactGuid),
  });
  r.patch(`${BASE}/contacts/:contactGuid`, {
    config: { access: recordWritePolicy },
    ...writerOnly,
    schema: { tags, params: contactParams, body: patchContactRequest, response: { 200: contact, ...errors } },
    handler: (req) => contacts.patch(tenantOf(req), req.params.contactGuid, req.body),
  });
  r.delete(`${BASE}/contacts/:contactGuid`, {
    config: { access: recordWritePolicy },
    ...writerOnly,
    schema: { tags, params: contactParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await contacts.remove(tenantOf(req), req.params.contactGuid);
      return reply.status(204).send(null);
    },
  });
}
