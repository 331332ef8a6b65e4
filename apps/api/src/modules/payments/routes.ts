import {
  achExport,
  achExportList,
  achSettings,
  achSettingsRequest,
  createAchExportRequest,
  errorBody,
  guid,
  recordExportPaymentsRequest,
  vendorBankAccount,
  vendorBankAccountRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createPaymentService } from './service.ts';

const tags = ['payments'];
const CLIENT_BASE = '/v1/billing/clients/:clientGuid';
const clientParams = z.object({ clientGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });

/** Who pays bills ('Approve payments') sets up the origination and sends the files. */
const originationPolicy: AccessPolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'bills.approve_payment',
};
const paymentPolicy: AccessPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.approve_payment',
  write: true,
  staffOnly: true,
};
/** Vendors' bank accounts are vendor records: staff who manage vendors keep them. */
const vendorBankPolicy: AccessPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'vendors.manage',
  write: true,
  staffOnly: true,
};

/** ACH payments (docs/decisions/015-recording-payments.md). */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createPaymentService(deps);

  r.get('/v1/billing/organizations/:organizationGuid/ach-settings', {
    config: { access: originationPolicy },
    schema: {
      tags,
      description:
        "The organisation's ACH origination (its bank and company ids in NACHA files); 404 until set.",
      params: organizationParams,
      response: { 200: achSettings, ...errors },
    },
    handler: (req) => service.getSettings(requireOrganization(req).id),
  });
  r.put('/v1/billing/organizations/:organizationGuid/ach-settings', {
    config: { access: originationPolicy },
    schema: {
      tags,
      description: 'Sets the ACH origination; the routing number must pass the ABA checksum.',
      params: organizationParams,
      body: achSettingsRequest,
      response: { 200: achSettings, ...errors },
    },
    handler: (req) => service.putSettings(req, requireOrganization(req).id, req.body),
  });

  const vendorPath = `${CLIENT_BASE}/vendors/:vendorGuid/bank-account`;
  const vendorParams = clientParams.extend({ vendorGuid: guid });
  r.get(vendorPath, {
    config: { access: vendorBankPolicy },
    schema: {
      tags,
      description: 'Where a vendor is paid by ACH; 404 when it has no bank account.',
      params: vendorParams,
      response: { 200: vendorBankAccount, ...errors },
    },
    handler: (req) => service.getBankAccount(requireClient(req), req.params.vendorGuid),
  });
  r.put(vendorPath, {
    config: { access: vendorBankPolicy },
    schema: {
      tags,
      description: "Sets the vendor's ACH bank account; the routing number must pass the ABA checksum.",
      params: vendorParams,
      body: vendorBankAccountRequest,
      response: { 200: vendorBankAccount, ...errors },
    },
    handler: (req) => service.putBankAccount(req, requireClient(req), req.params.vendorGuid, req.body),
  });

  r.post(`${CLIENT_BASE}/ach-exports`, {
    config: { access: paymentPolicy },
    schema: {
      tags,
      description:
        "A NACHA file of the client's ACH bills waiting in payment_pending that the caller may pay, from the given client account; bills in an export not yet recorded are left out, so they are not sent twice. Download it at .../ach-exports/{exportGuid}/file. 409 when nothing is ready or the origination is not set up.",
      params: clientParams,
      body: createAchExportRequest,
      response: { 201: achExport, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.createExport(req, requireClient(req), req.body)),
  });
  r.get(`${CLIENT_BASE}/ach-exports`, {
    config: { access: paymentPolicy },
    schema: {
      tags,
      description: "The client's NACHA exports, newest first.",
      params: clientParams,
      response: { 200: achExportList, ...errors },
    },
    handler: (req) => service.listExports(requireClient(req)),
  });
  const exportParams = clientParams.extend({ exportGuid: guid });
  r.get(`${CLIENT_BASE}/ach-exports/:exportGuid/file`, {
    config: { access: paymentPolicy },
    schema: {
      tags,
      description: 'The NACHA file as it was made (text/plain, 94-character records, CRLF), as a download.',
      params: exportParams,
      response: { 200: z.string(), ...errors },
    },
    handler: async (req, reply) => {
      const file = await service.fileOf(requireClient(req), req.params.exportGuid);
      return reply
        .header('content-type', 'text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.text);
    },
  });
  r.post(`${CLIENT_BASE}/ach-exports/:exportGuid/record-payments`, {
    config: { access: paymentPolicy },
    schema: {
      tags,
      description:
        "Records the payment of every bill in the export in one step (all or none): the date, the export's account and each entry's trace number as the reference. Takes an Idempotency-Key.",
      params: exportParams,
      headers: z.object({ 'idempotency-key': z.string().optional() }),
      body: recordExportPaymentsRequest,
      response: { 200: achExport, ...errors, 422: errorBody },
    },
    handler: async (req, reply) => {
      const answer = await service.recordExportPayments(
        req,
        requireClient(req),
        req.params.exportGuid,
        req.body.payment_date,
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  });
}
