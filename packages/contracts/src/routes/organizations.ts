/** Routes of the API's organizations module: the one declaration the API registers and the apps call. */

import { z } from 'zod';
import { organizationList } from '../accounts.ts';
import { guid, pageQuery } from '../common.ts';
import { organizationDetail, patchOrganizationRequest, permissionCatalogue } from '../organizations.ts';
import { defineRoute } from '../route.ts';

const orgParams = z.object({ orgGuid: guid });

export const organizationsRoutes = {
  getAccountsOrganizations: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations',
    tags: ['accounts'],
    query: pageQuery,
    responses: { 200: organizationList },
  }),
  getAccountsOrganization: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid',
    tags: ['accounts'],
    params: orgParams,
    responses: { 200: organizationDetail },
  }),
  patchAccountsOrganization: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/organizations/:orgGuid',
    tags: ['accounts'],
    params: orgParams,
    body: patchOrganizationRequest,
    responses: { 200: organizationDetail },
  }),
  getAccountsOrganizationPermissions: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/permissions',
    tags: ['accounts'],
    params: orgParams,
    responses: { 200: permissionCatalogue },
  }),
};
