import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerBankRoutes } from './bank-routes.ts';
import { registerDocumentRoutes } from './documents-routes.ts';
import { registerFinancialAccountRoutes } from './financial-accounts-routes.ts';
import { registerPropertyAndContactRoutes } from './records-routes.ts';

/** A client's records under /v1/accounts/clients/{clientGuid}: properties, contacts, banks, documents. */
export function registerClientRecordRoutes(app: FastifyInstance, deps: AppDeps) {
  registerPropertyAndContactRoutes(app, deps);
  registerBankRoutes(app, deps);
  registerFinancialAccountRoutes(app, deps);
  registerDocumentRoutes(app, deps);
}
