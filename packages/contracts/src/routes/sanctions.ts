/** Routes of the API's sanctions module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { sanctionsListStatus } from '../bills.ts';
import { guid } from '../common.ts';
import { defineRoute } from '../route.ts';

export const sanctionsRoutes = {
  getBillingOrganizationSanctionsList: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/sanctions-list',
    tags: ['sanctions'],
    params: z.object({ organizationGuid: guid }),
    responses: { 200: sanctionsListStatus },
  }),
};
