import {
  bankContact,
  bankContactList,
  clientInstitution,
  clientInstitutionList,
  createBankContactRequest,
  createInstitutionRequest,
  guid,
  pageQuery,
  patchBankContactRequest,
  patchInstitutionRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { clientParams, managePolicy, noContent, readPolicy, tenantOf } from '../entities/index.ts';
import { createBankContactService } from './bank-contacts-service.ts';
import { createInstitutionRecordService } from './institutions-service.ts';

const tags = ['client records'];
const institutionParams = clientParams.extend({ institutionGuid: guid });
const bankContactParams = clientParams.extend({ bankContactGuid: guid });
const BASE = '/v1/accounts/clients/:clientGuid';

/** The client's institutions and bank contacts: staff keep them, the client's users read them. */
export function registerBankRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const institutions = createInstitutionRecordService(deps);
  r.get(`${BASE}/institutions`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: pageQuery,
      response: { 200: clientInstitutionList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await institutions.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BASE}/institutions`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: clientParams,
      body: createInstitutionRequest,
      response: { 201: clientInstitution, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await institutions.create(tenantOf(req), req.body)),
  });
  r.get(`${BASE}/institutions/:institutionGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: institutionParams, response: { 200: clientInstitution, ...errors } },
    handler: (req) => institutions.get(tenantOf(req), req.params.institutionGuid),
  });
  r.patch(`${BASE}/institutions/:institutionGuid`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: institutionParams,
      body: patchInstitutionRequest,
      response: { 200: clientInstitution, ...errors },
    },
    handler: (req) => institutions.patch(tenantOf(req), req.params.institutionGuid, req.body),
  });
  r.delete(`${BASE}/institutions/:institutionGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: institutionParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await institutions.remove(tenantOf(req), req.params.institutionGuid);
      return reply.status(204).send(null);
    },
  });

  const bankContacts = createBankContactService(deps);
  r.get(`${BASE}/bank-contacts`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: pageQuery,
      response: { 200: bankContactList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await bankContacts.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  r.post(`${BASE}/bank-contacts`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: clientParams,
      body: createBankContactRequest,
      response: { 201: bankContact, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await bankContacts.create(tenantOf(req), req.body)),
  });
  r.get(`${BASE}/bank-contacts/:bankContactGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: bankContactParams, response: { 200: bankContact, ...errors } },
    handler: (req) => bankContacts.get(tenantOf(req), req.params.bankContactGuid),
  });
  r.patch(`${BASE}/bank-contacts/:bankContactGuid`, {
    config: { access: managePolicy },
    schema: {
      tags,
      params: bankContactParams,
      body: patchBankContactRequest,
      response: { 200: bankContact, ...errors },
    },
    handler: (req) => bankContacts.patch(tenantOf(req), req.params.bankContactGuid, req.body),
  });
  r.delete(`${BASE}/bank-contacts/:bankContactGuid`, {
    config: { access: managePolicy },
    schema: { tags, params: bankContactParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await bankContacts.remove(tenantOf(req), req.params.bankContactGuid);
      return reply.status(204).send(null);
    },
  });
}
