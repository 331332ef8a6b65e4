/** Routes of the API's institutions module: the one declaration the API registers and the apps call. */

import { z } from 'zod';
import {
  createParentInstitutionRequest,
  parentInstitution,
  parentInstitutionList,
  parentInstitutionQuery,
  patchParentInstitutionRequest,
} from '../institutions.ts';
import { defineRoute, noContentResponse } from '../route.ts';

const params = z.object({ parentInstitutionGuid: z.string().max(64) });

export const institutionsRoutes = {
  getAccountsInstitutions: defineRoute({
    method: 'GET',
    path: '/v1/accounts/institutions',
    tags: ['institutions'],
    query: parentInstitutionQuery,
    responses: { 200: parentInstitutionList },
  }),
  postAccountsInstitutions: defineRoute({
    method: 'POST',
    path: '/v1/accounts/institutions',
    tags: ['institutions'],
    body: createParentInstitutionRequest,
    responses: { 201: parentInstitution },
  }),
  getAccountsInstitution: defineRoute({
    method: 'GET',
    path: '/v1/accounts/institutions/:parentInstitutionGuid',
    tags: ['institutions'],
    params: params,
    responses: { 200: parentInstitution },
  }),
  patchAccountsInstitution: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/institutions/:parentInstitutionGuid',
    tags: ['institutions'],
    params: params,
    body: patchParentInstitutionRequest,
    responses: { 200: parentInstitution },
  }),
  deleteAccountsInstitution: defineRoute({
    method: 'DELETE',
    path: '/v1/accounts/institutions/:parentInstitutionGuid',
    tags: ['institutions'],
    params: params,
    responses: { 204: noContentResponse },
  }),
};
