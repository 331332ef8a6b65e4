/** Routes of the API's users module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { feature, patchUserRequest, userProfile } from '../auth.ts';
import { okBody } from '../common.ts';
import { defineRoute, FILE_RESPONSE, MULTIPART_BODY } from '../route.ts';

const userParams = z.object({ guid: z.string().max(64) });

export const usersRoutes = {
  getAuthUser: defineRoute({
    method: 'GET',
    path: '/v1/auth/users/:guid',
    tags: ['users'],
    params: userParams,
    responses: { 200: userProfile },
  }),
  patchAuthUser: defineRoute({
    method: 'PATCH',
    path: '/v1/auth/users/:guid',
    tags: ['users'],
    params: userParams,
    body: patchUserRequest,
    responses: { 200: userProfile },
  }),
  getAuthUserFeatures: defineRoute({
    method: 'GET',
    path: '/v1/auth/users/:guid/features',
    tags: ['users'],
    params: userParams,
    responses: { 200: z.array(feature) },
  }),
  putAuthUserUploadAvatar: defineRoute({
    method: 'PUT',
    path: '/v1/auth/users/:guid/upload-avatar',
    tags: ['users'],
    params: userParams,
    body: MULTIPART_BODY,
    responses: { 200: userProfile },
  }),
  postAuthUserRemoveAvatar: defineRoute({
    method: 'POST',
    path: '/v1/auth/users/:guid/remove-avatar',
    tags: ['users'],
    params: userParams,
    responses: { 200: userProfile },
  }),
  getAuthUserAvatar: defineRoute({
    method: 'GET',
    path: '/v1/auth/users/:guid/avatar',
    tags: ['users'],
    params: userParams,
    responses: { 200: FILE_RESPONSE },
  }),
  postAuthUsersMeAcceptTerms: defineRoute({
    method: 'POST',
    path: '/v1/auth/users/me/accept-terms',
    tags: ['users'],
    responses: { 200: okBody },
  }),
};
