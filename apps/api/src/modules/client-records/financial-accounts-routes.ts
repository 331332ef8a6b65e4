import { financialAccountsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { managePolicy, readPolicy, tenantOf } from '../entities/index.ts';
import { createFinancialAccountService } from './financial-accounts-service.ts';

/** A client's financial accounts (decision 029): staff record balances, the client's users read them. */
export function registerFinancialAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const accounts = createFinancialAccountService(deps);
  registerRoute(app, financialAccountsRoutes.getAccountsClientFinancialAccounts, {
    access: readPolicy,
    handler: (req) => accounts.list(tenantOf(req)),
  });
  registerRoute(app, financialAccountsRoutes.postAccountsClientFinancialAccountBalances, {
    access: managePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await accounts.recordBalance(
            tenantOf(req),
            req.params.institutionGuid,
            req.body,
            requireAuth(req).user.id,
          ),
        ),
  });
  registerRoute(app, financialAccountsRoutes.patchAccountsClientFinancialAccount, {
    access: managePolicy,
    handler: (req) => accounts.patch(tenantOf(req), req.params.institutionGuid, req.body),
  });
}
