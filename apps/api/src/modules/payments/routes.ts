import { paymentsRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, contextOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { MoneyMoveHook } from '../bill-workflow/index.ts';
import { createPaymentService } from './service.ts';

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
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { moneyMoved?: MoneyMoveHook } = {},
) {
  const service = createPaymentService(deps, hooks);

  registerRoute(app, paymentsRoutes.getBillingOrganizationAchSettings, {
    access: originationPolicy,
    handler: (req) => service.getSettings(requireOrganization(req).id),
  });
  registerRoute(app, paymentsRoutes.putBillingOrganizationAchSettings, {
    access: originationPolicy,
    handler: (req) => service.putSettings(actorOf(req), requireOrganization(req).id, req.body),
  });

  registerRoute(app, paymentsRoutes.getBillingClientVendorBankAccount, {
    access: vendorBankPolicy,
    handler: (req) => service.getBankAccount(requireClient(req), req.params.vendorGuid),
  });
  registerRoute(app, paymentsRoutes.putBillingClientVendorBankAccount, {
    access: vendorBankPolicy,
    handler: (req) =>
      service.putBankAccount(actorOf(req), requireClient(req), req.params.vendorGuid, req.body),
  });

  registerRoute(app, paymentsRoutes.postBillingClientAchExports, {
    access: paymentPolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.createExport(contextOf(req, deps.now(), requireClient(req)), req.body)),
  });
  registerRoute(app, paymentsRoutes.getBillingClientAchExports, {
    access: paymentPolicy,
    handler: (req) => service.listExports(requireClient(req)),
  });
  registerRoute(app, paymentsRoutes.getBillingClientAchExportFile, {
    access: paymentPolicy,
    handler: async (req, reply) => {
      const file = await service.fileOf(requireClient(req), req.params.exportGuid);
      return reply
        .header('content-type', 'text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.text);
    },
  });
  registerRoute(app, paymentsRoutes.postBillingClientAchExportRecordPayments, {
    access: paymentPolicy,
    handler: async (req, reply) => {
      const answer = await service.recordExportPayments(
        contextOf(req, deps.now(), requireClient(req)),
        req.params.exportGuid,
        req.body.payment_date,
      );
      // A replayed answer (Idempotency-Key) carries its own status and body, typed by the service.
      return (reply as FastifyReply).status(answer.status).send(answer.body);
    },
  });
}
