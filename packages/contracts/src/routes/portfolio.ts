/** Routes of the API's portfolio module: the advisor's and the family office's clients (SPEC §7 Accounts). */

import { portfolio } from '../portfolio.ts';
import { defineRoute } from '../route.ts';

const DESCRIPTION =
  'The clients the caller is linked to (as advisor or family office), by name, with onboarding, bills waiting on the family and their total, approvals overdue, the commitments outflow of the next 3 months and the reports count; plus totals. 403 unless the caller is in that mode (service and dashboard flag).';

export const portfolioRoutes = {
  getAccountsAdvisorClients: defineRoute({
    method: 'GET',
    path: '/v1/accounts/advisor/clients',
    tags: ['portfolio'],
    description: `Wealth advisors. ${DESCRIPTION}`,
    responses: { 200: portfolio },
  }),
  getAccountsFoaClients: defineRoute({
    method: 'GET',
    path: '/v1/accounts/foa/clients',
    tags: ['portfolio'],
    description: `Family offices. ${DESCRIPTION}`,
    responses: { 200: portfolio },
  }),
};
