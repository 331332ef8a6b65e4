/** Routes of the API's mfa module: the one declaration the API registers and the apps call. */

import { z } from 'zod';
import { tokenPair } from '../auth.ts';
import { okBody } from '../common.ts';
import {
  ephemeralTokenRequest,
  loginCodeRequest,
  mfaActivateConfirmRequest,
  mfaActivateRequest,
  mfaActivateResponse,
  mfaCodeRequest,
  mfaMethodCodeRequest,
  mfaMethodList,
} from '../mfa.ts';
import { defineRoute } from '../route.ts';

const methodParams = z.object({ method: z.string().max(64) });
const sentResponse = z.object({ detail: z.string(), method: z.string() });
const noQuery = z.object({}).strict();

export const mfaRoutes = {
  postAuthLoginCode: defineRoute({
    method: 'POST',
    path: '/v1/auth/login/code',
    tags: ['auth'],
    body: loginCodeRequest,
    responses: { 200: tokenPair },
  }),
  postAuthMfaResendCode: defineRoute({
    method: 'POST',
    path: '/v1/auth/mfa/:method/resend-code',
    tags: ['auth'],
    params: methodParams,
    body: ephemeralTokenRequest,
    responses: { 200: sentResponse },
  }),
  getAuthMfaMethods: defineRoute({
    method: 'GET',
    path: '/v1/auth/mfa/methods',
    tags: ['auth'],
    query: noQuery,
    responses: { 200: mfaMethodList },
  }),
  postAuthMfaActivate: defineRoute({
    method: 'POST',
    path: '/v1/auth/mfa/:method/activate',
    tags: ['auth'],
    params: methodParams,
    body: mfaActivateRequest,
    responses: { 200: mfaActivateResponse },
  }),
  postAuthMfaActivateConfirm: defineRoute({
    method: 'POST',
    path: '/v1/auth/mfa/:method/activate/confirm',
    tags: ['auth'],
    params: methodParams,
    body: mfaActivateConfirmRequest,
    responses: { 200: tokenPair },
  }),
  postAuthMfaCodeRequest: defineRoute({
    method: 'POST',
    path: '/v1/auth/mfa/code/request',
    tags: ['auth'],
    body: mfaCodeRequest,
    responses: { 200: okBody },
  }),
  postAuthMfaChangePrimaryMethod: defineRoute({
    method: 'POST',
    path: '/v1/auth/mfa/change-primary-method',
    tags: ['auth'],
    body: mfaMethodCodeRequest,
    responses: { 200: okBody },
  }),
  postAuthMfaDeactivate: defineRoute({
    method: 'POST',
    path: '/v1/auth/mfa/deactivate',
    tags: ['auth'],
    body: mfaMethodCodeRequest,
    responses: { 200: okBody },
  }),
};
