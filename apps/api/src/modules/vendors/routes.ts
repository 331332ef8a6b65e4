import { vendorsRoutes as r } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { contextOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { historyPage, parentHistory } from './history.ts';
import { patchMasterVendor } from './master-vendor-writes.ts';
import { findMasterVendor, masterVendorPage, presentMasterVendorDetail } from './master-vendors.ts';
import { mergeService } from './merge.ts';
import { findParentVendor, parentVendorService } from './parent-vendors.ts';
import { similarParentVendors, similarVendors } from './similar.ts';
import { vendorEvents } from './tables.ts';
import { verificationService } from './verification.ts';

// Every route is the organisation's (decision 022): another organisation's parent vendor or vendor is 404.
const policy = (
  permission: 'clients.view' | 'vendors.manage' | 'vendors.merge' | 'vendors.verify',
): AccessPolicy => ({
  kind: 'organization',
  param: 'organizationGuid',
  permission,
});
const read = policy('clients.view');
const write = policy('vendors.manage');
const merge = policy('vendors.merge');
const verify = policy('vendors.verify');

/** The vendor master: /v1/billing/organizations/{organizationGuid}/parent-vendors and …/vendors. */
export function registerVendorMasterRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const parents = parentVendorService(db);
  const merges = mergeService(db);
  const verifications = verificationService(db);
  const ctx = (req: FastifyRequest) => contextOf(req, deps.now(), requireOrganization(req));
  const orgId = (req: FastifyRequest) => requireOrganization(req).id;

  registerRoute(app, r.getBillingParentVendors, {
    access: read,
    handler: async (req) => {
      const { count, results } = await parents.list(orgId(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postBillingParentVendors, {
    access: write,
    handler: async (req, reply) => reply.status(201).send(await parents.create(ctx(req), req.body)),
  });
  registerRoute(app, r.getBillingParentVendor, {
    access: read,
    handler: (req) => parents.get(orgId(req), req.params.parentVendorGuid),
  });
  registerRoute(app, r.patchBillingParentVendor, {
    access: write,
    handler: (req) => parents.patch(ctx(req), req.params.parentVendorGuid, req.body),
  });
  registerRoute(app, r.getBillingParentVendorSimilar, {
    access: read,
    handler: async (req) => ({
      results: await similarParentVendors(
        db,
        await findParentVendor(db, orgId(req), req.params.parentVendorGuid),
      ),
    }),
  });
  registerRoute(app, r.getBillingParentVendorMerge, {
    access: merge,
    handler: (req) => merges.previewParents(orgId(req), req.params.parentVendorGuid, req.query.into),
  });
  registerRoute(app, r.postBillingParentVendorMerge, {
    access: merge,
    handler: (req) => merges.mergeParents(ctx(req), req.params.parentVendorGuid, req.body.into),
  });
  registerRoute(app, r.postBillingParentVendorVerification, {
    access: verify,
    handler: (req) => verifications.verifyParent(ctx(req), req.params.parentVendorGuid, req.body),
  });
  registerRoute(app, r.getBillingParentVendorHistory, {
    access: read,
    handler: async (req) => {
      const parent = await findParentVendor(db, orgId(req), req.params.parentVendorGuid);
      const { count, results } = await historyPage(db, parentHistory(parent.id), req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, r.getBillingVendors, {
    access: read,
    handler: async (req) => {
      const { count, results } = await masterVendorPage(db, orgId(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.getBillingVendor, {
    access: read,
    handler: (req) => presentMasterVendorDetail(db, orgId(req), req.params.vendorGuid),
  });
  registerRoute(app, r.patchBillingVendor, {
    access: write,
    handler: (req) => patchMasterVendor(db, ctx(req), req.params.vendorGuid, req.body),
  });
  registerRoute(app, r.getBillingVendorSimilar, {
    access: read,
    handler: async (req) => {
      const { vendor } = await findMasterVendor(db, orgId(req), req.params.vendorGuid);
      return { results: await similarVendors(db, orgId(req), vendor) };
    },
  });
  registerRoute(app, r.getBillingVendorMerge, {
    access: merge,
    handler: (req) => merges.previewVendors(orgId(req), req.params.vendorGuid, req.query.into),
  });
  registerRoute(app, r.postBillingVendorMerge, {
    access: merge,
    handler: (req) => merges.mergeVendors(ctx(req), req.params.vendorGuid, req.body.into),
  });
  registerRoute(app, r.postBillingVendorVerification, {
    access: verify,
    handler: (req) => verifications.verifyVendor(ctx(req), req.params.vendorGuid, req.body),
  });
  registerRoute(app, r.getBillingVendorHistory, {
    access: read,
    handler: async (req) => {
      const { vendor } = await findMasterVendor(db, orgId(req), req.params.vendorGuid);
      const { count, results } = await historyPage(db, eq(vendorEvents.vendorId, vendor.id), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
}
