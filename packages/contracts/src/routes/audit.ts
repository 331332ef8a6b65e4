/** Routes of the API's audit module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { eventLogList, eventLogQuery } from '../audit.ts';
import { guid } from '../common.ts';
import { defineRoute } from '../route.ts';

const orgParams = z.object({ orgGuid: guid });

export const auditRoutes = {
  getAccountsOrganizationEventLogs: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/event-logs',
    tags: ['audit'],
    params: orgParams,
    query: eventLogQuery,
    responses: { 200: eventLogList },
  }),
};
