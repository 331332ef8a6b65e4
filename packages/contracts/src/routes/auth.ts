/** Routes of the API's auth module: the one declaration the API registers and the apps call. */
import {
  changePasswordRequest,
  confirmPasswordRequest,
  loginRequest,
  loginResponse,
  maskRequest,
  maskUser,
  passwordResetRequest,
  refreshRequest,
  tokenPair,
  validateTokenRequest,
  validateTokenResponse,
} from '../auth.ts';
import { okBody, paged, pageQuery } from '../common.ts';
import { defineRoute } from '../route.ts';

export const authRoutes = {
  postAuthLogin: defineRoute({
    method: 'POST',
    path: '/v1/auth/login',
    tags: ['auth'],
    body: loginRequest,
    responses: { 200: loginResponse },
  }),
  postAuthTokenRefresh: defineRoute({
    method: 'POST',
    path: '/v1/auth/token/refresh',
    tags: ['auth'],
    body: refreshRequest,
    responses: { 200: tokenPair },
  }),
  postAuthTokenBlacklist: defineRoute({
    method: 'POST',
    path: '/v1/auth/token/blacklist',
    tags: ['auth'],
    body: refreshRequest,
    responses: { 200: okBody },
  }),
  postAuthTokenRenewClaims: defineRoute({
    method: 'POST',
    path: '/v1/auth/token/renew-claims',
    tags: ['auth'],
    body: refreshRequest,
    responses: { 200: tokenPair },
  }),
  postAuthMask: defineRoute({
    method: 'POST',
    path: '/v1/auth/mask',
    tags: ['auth'],
    body: maskRequest,
    responses: { 200: tokenPair },
  }),
  getAuthMaskUsers: defineRoute({
    method: 'GET',
    path: '/v1/auth/mask/users',
    tags: ['auth'],
    query: pageQuery,
    responses: { 200: paged(maskUser) },
  }),
  postAuthPasswordReset: defineRoute({
    method: 'POST',
    path: '/v1/auth/password-reset',
    tags: ['auth'],
    body: passwordResetRequest,
    responses: { 200: okBody },
  }),
  postAuthPasswordResetValidateToken: defineRoute({
    method: 'POST',
    path: '/v1/auth/password-reset/validate-token',
    tags: ['auth'],
    body: validateTokenRequest,
    responses: { 200: validateTokenResponse },
  }),
  postAuthPasswordResetConfirm: defineRoute({
    method: 'POST',
    path: '/v1/auth/password-reset/confirm',
    tags: ['auth'],
    body: confirmPasswordRequest,
    responses: { 200: okBody },
  }),
  postAuthPasswordChange: defineRoute({
    method: 'POST',
    path: '/v1/auth/password-change',
    tags: ['auth'],
    body: changePasswordRequest,
    responses: { 200: tokenPair },
  }),
  postAuthSessionsEndOthers: defineRoute({
    method: 'POST',
    path: '/v1/auth/sessions/end-others',
    tags: ['auth'],
    summary: 'Sign out everywhere else: every other session of the caller ends at once',
    responses: { 200: tokenPair },
  }),
};
