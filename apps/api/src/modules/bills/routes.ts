import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerBillAttachmentRoutes } from './attachment-routes.ts';
import { registerBillHistoryRoutes } from './bill-history-routes.ts';
import { registerClientBillRoutes } from './bill-routes.ts';
import { registerOrganizationBillRoutes } from './organization-bill-routes.ts';

/** Bills (issue 4): a client's bills with their notes, timeline and files, and the organisation's queues. */
export function registerBillRoutes(app: FastifyInstance, deps: AppDeps) {
  registerClientBillRoutes(app, deps);
  registerBillHistoryRoutes(app, deps);
  registerBillAttachmentRoutes(app, deps);
  registerOrganizationBillRoutes(app, deps);
}
