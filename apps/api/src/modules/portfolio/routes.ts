import { portfolioRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { assertMode, type PortfolioMode } from './mode.ts';
import { portfolioOf } from './portfolio-read.ts';

/**
 * The advisor's and the family office's clients (SPEC §7 Accounts: /v1/accounts/advisor/...,
 * /v1/accounts/foa/...). Signed-in client users only; the service checks the caller's mode (403 otherwise).
 * Read-only: neither audience has a write here.
 */
export function registerPortfolioRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const routes: [
    typeof portfolioRoutes.getAccountsAdvisorClients | typeof portfolioRoutes.getAccountsFoaClients,
    PortfolioMode,
  ][] = [
    [portfolioRoutes.getAccountsAdvisorClients, 'advisor'],
    [portfolioRoutes.getAccountsFoaClients, 'family_office'],
  ];
  for (const [route, mode] of routes) {
    registerRoute(app, route, {
      access: { kind: 'signedIn', userType: 'client' },
      handler: async (req) => {
        const { user } = requireAuth(req);
        assertMode(user.mode ?? null, mode);
        return portfolioOf(db, user.id, mode, todayOf(req, deps.now()));
      },
    });
  }
}
