import {
  changePasswordRequest,
  confirmPasswordRequest,
  loginRequest,
  loginResponse,
  maskRequest,
  maskUser,
  okBody,
  paged,
  pageQuery,
  passwordResetRequest,
  refreshRequest,
  tokenPair,
  validateTokenRequest,
  validateTokenResponse,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses } from '../../platform/responses.ts';
import { createMaskingService } from './masking-service.ts';
import { createPasswordService } from './password-service.ts';
import { createSessionService, type LoginChallengeStarter } from './session-service.ts';

const tags = ['auth'];
const errors = errorResponses;

/** `startLoginChallenge`: two-factor's second sign-in step (app.ts passes mfa's). */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  startLoginChallenge: LoginChallengeStarter,
) {
  const sessions = createSessionService(deps, startLoginChallenge);
  const passwords = createPasswordService(deps);
  const masking = createMaskingService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/auth/login', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: loginRequest, response: { 200: loginResponse, ...errors } },
    handler: (req) => sessions.login(req.body.email, req.body.password, actorOf(req)),
  });

  r.post('/v1/auth/token/refresh', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: refreshRequest, response: { 200: tokenPair, ...errors } },
    handler: (req) => sessions.refresh(req.body.refresh),
  });

  r.post('/v1/auth/token/blacklist', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: refreshRequest, response: { 200: okBody, ...errors } },
    handler: async (req) => {
      await sessions.blacklist(req.body.refresh);
      return { detail: 'Token revoked.' };
    },
  });

  r.post('/v1/auth/token/renew-claims', {
    config: { access: { kind: 'signedIn', allowPasswordExpired: true } },
    schema: { tags, body: refreshRequest, response: { 200: tokenPair, ...errors } },
    handler: (req) => sessions.renewClaims(req.body.refresh, requireAuth(req).user.guid),
  });

  r.post('/v1/auth/mask', {
    config: { access: { kind: 'internalStaff' } },
    schema: { tags, body: maskRequest, response: { 200: tokenPair, ...errors } },
    handler: (req) => masking.mask(requireAuth(req).user.guid, req.body.guid, actorOf(req)),
  });

  r.get('/v1/auth/mask/users', {
    config: { access: { kind: 'internalStaff' } },
    schema: { tags, querystring: pageQuery, response: { 200: paged(maskUser), ...errors } },
    handler: async (req) => {
      const { count, results } = await masking.listMaskable(req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.post('/v1/auth/password-reset', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: passwordResetRequest, response: { 200: okBody, ...errors } },
    handler: async (req) => ({ detail: await passwords.requestReset(req.body.email, actorOf(req)) }),
  });

  r.post('/v1/auth/password-reset/validate-token', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: validateTokenRequest, response: { 200: validateTokenResponse, ...errors } },
    handler: (req) => passwords.validateToken(req.body.token, req.ip),
  });

  r.post('/v1/auth/password-reset/confirm', {
    config: { access: { kind: 'public' } },
    schema: { tags, body: confirmPasswordRequest, response: { 200: okBody, ...errors } },
    handler: async (req) => {
      await passwords.confirm(req.body, actorOf(req));
      return { detail: 'Your password has been set. You can sign in now.' };
    },
  });

  r.post('/v1/auth/password-change', {
    config: { access: { kind: 'signedIn', allowPasswordExpired: true } },
    schema: { tags, body: changePasswordRequest, response: { 200: tokenPair, ...errors } },
    handler: (req) => {
      const auth = requireAuth(req);
      return passwords.change(
        auth.user.guid,
        auth.claims.sid,
        req.body,
        auth.maskedBy !== null,
        actorOf(req),
      );
    },
  });

  r.post('/v1/auth/sessions/end-others', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags,
      summary: 'Sign out everywhere else: every other session of the caller ends at once',
      response: { 200: tokenPair, ...errors },
    },
    handler: (req) => {
      const auth = requireAuth(req);
      if (auth.maskedBy) throw forbidden('A masked session cannot end the user’s sessions.');
      return sessions.signOutEverywhere(auth.user.guid, auth.claims.sid, actorOf(req));
    },
  });
}
