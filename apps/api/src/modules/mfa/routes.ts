import {
  ephemeralTokenRequest,
  loginCodeRequest,
  mfaActivateConfirmRequest,
  mfaActivateRequest,
  mfaActivateResponse,
  mfaCodeRequest,
  mfaMethodCodeRequest,
  mfaMethodList,
  okBody,
  tokenPair,
} from '@bp/contracts';
import { MFA_METHOD_VALUES, type MfaMethod } from '@bp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/responses.ts';
import { createLoginCodeService } from './login.ts';
import { createMfaService } from './service.ts';

const tags = ['auth'];
const errors = errorResponses;
const signedIn = { kind: 'signedIn' } as const;
/** `{method}` in a path: an unknown one names nothing, so it is a 404 like any unknown object. */
const methodParams = z.object({ method: z.string().max(64) });
const noQuery = z.object({}).strict();
const methodOf = (value: string): MfaMethod => {
  if (!(MFA_METHOD_VALUES as readonly string[]).includes(value)) throw notFound();
  return value as MfaMethod;
};
/** Runs before the body is read, so an unknown method is a 404 whatever the body (as the guard does). */
const knownMethod = async (req: FastifyRequest) => {
  methodOf(String((req.params as Record<string, unknown>).method ?? ''));
};
const sentResponse = z.object({ detail: z.string(), method: z.string() });

/** Two-factor calls of SPEC.md §7 under /v1/auth/mfa, and the sign-in code step (decision 012). */
export function registerMfaRoutes(app: FastifyInstance, deps: AppDeps) {
  const mfa = createMfaService(deps);
  const loginCodes = createLoginCodeService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/auth/login/code', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: loginCodeRequest, response: { 200: tokenPair, ...errors } },
    handler: (req) => loginCodes.verify(req.body.ephemeral_token, req.body.code, actorOf(req)),
  });

  r.post('/v1/auth/mfa/:method/resend-code', {
    config: { access: { kind: 'public' } },
    onRequest: knownMethod,
    schema: {
      tags,
      params: methodParams,
      body: ephemeralTokenRequest,
      response: { 200: sentResponse, ...errors },
    },
    handler: (req) => loginCodes.resend(req.body.ephemeral_token, methodOf(req.params.method), actorOf(req)),
  });

  r.get('/v1/auth/mfa/methods', {
    config: { access: signedIn },
    schema: { tags, querystring: noQuery, response: { 200: mfaMethodList, ...errors } },
    handler: (req) => mfa.list(requireAuth(req)),
  });

  r.post('/v1/auth/mfa/:method/activate', {
    config: { access: signedIn },
    onRequest: knownMethod,
    schema: {
      tags,
      params: methodParams,
      body: mfaActivateRequest,
      response: { 200: mfaActivateResponse, ...errors },
    },
    handler: (req) =>
      mfa.activate(requireAuth(req), methodOf(req.params.method), req.body.value, actorOf(req)),
  });

  r.post('/v1/auth/mfa/:method/activate/confirm', {
    config: { access: signedIn },
    onRequest: knownMethod,
    schema: {
      tags,
      params: methodParams,
      body: mfaActivateConfirmRequest,
      response: { 200: tokenPair, ...errors },
    },
    handler: (req) =>
      mfa.confirmActivation(requireAuth(req), methodOf(req.params.method), req.body, actorOf(req)),
  });

  r.post('/v1/auth/mfa/code/request', {
    config: { access: signedIn },
    schema: { tags, body: mfaCodeRequest, response: { 200: okBody, ...errors } },
    handler: (req) => mfa.requestCode(requireAuth(req), req.body.method, req.body.action, actorOf(req)),
  });

  r.post('/v1/auth/mfa/change-primary-method', {
    config: { access: signedIn },
    schema: { tags, body: mfaMethodCodeRequest, response: { 200: okBody, ...errors } },
    handler: (req) => mfa.changePrimary(requireAuth(req), req.body.method, req.body.code, actorOf(req)),
  });

  r.post('/v1/auth/mfa/deactivate', {
    config: { access: signedIn },
    schema: { tags, body: mfaMethodCodeRequest, response: { 200: okBody, ...errors } },
    handler: (req) => mfa.deactivate(requireAuth(req), req.body.method, req.body.code, actorOf(req)),
  });
}
