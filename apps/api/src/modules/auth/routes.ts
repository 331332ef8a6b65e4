import { authRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { createMaskingService } from './masking-service.ts';
import { createPasswordService } from './password-service.ts';
import { createSessionService, type LoginChallengeStarter } from './session-service.ts';

/** `startLoginChallenge`: two-factor's second sign-in step (app.ts passes mfa's). */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  startLoginChallenge: LoginChallengeStarter,
) {
  const sessions = createSessionService(deps, startLoginChallenge);
  const passwords = createPasswordService(deps);
  const masking = createMaskingService(deps);

  registerRoute(app, authRoutes.postAuthLogin, {
    access: { kind: 'public' },
    handler: (req) => sessions.login(req.body.email, req.body.password, actorOf(req)),
  });

  registerRoute(app, authRoutes.postAuthTokenRefresh, {
    access: { kind: 'public' },
    handler: (req) => sessions.refresh(req.body.refresh),
  });

  registerRoute(app, authRoutes.postAuthTokenBlacklist, {
    access: { kind: 'public' },
    handler: async (req) => {
      await sessions.blacklist(req.body.refresh);
      return { detail: 'Token revoked.' };
    },
  });

  registerRoute(app, authRoutes.postAuthTokenRenewClaims, {
    access: { kind: 'signedIn', allowPasswordExpired: true },
    handler: (req) => sessions.renewClaims(req.body.refresh, requireAuth(req).user.guid),
  });

  registerRoute(app, authRoutes.postAuthMask, {
    access: { kind: 'internalStaff' },
    handler: (req) => masking.mask(requireAuth(req).user.guid, req.body.guid, actorOf(req)),
  });

  registerRoute(app, authRoutes.getAuthMaskUsers, {
    access: { kind: 'internalStaff' },
    handler: async (req) => {
      const { count, results } = await masking.listMaskable(req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, authRoutes.postAuthPasswordReset, {
    access: { kind: 'public' },
    handler: async (req) => ({ detail: await passwords.requestReset(req.body.email, actorOf(req)) }),
  });

  registerRoute(app, authRoutes.postAuthPasswordResetValidateToken, {
    access: { kind: 'public' },
    handler: (req) => passwords.validateToken(req.body.token, req.ip),
  });

  registerRoute(app, authRoutes.postAuthPasswordResetConfirm, {
    access: { kind: 'public' },
    handler: async (req) => {
      await passwords.confirm(req.body, actorOf(req));
      return { detail: 'Your password has been set. You can sign in now.' };
    },
  });

  registerRoute(app, authRoutes.postAuthPasswordChange, {
    access: { kind: 'signedIn', allowPasswordExpired: true },
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

  registerRoute(app, authRoutes.postAuthSessionsEndOthers, {
    access: { kind: 'signedIn' },
    handler: (req) => {
      const auth = requireAuth(req);
      if (auth.maskedBy) throw forbidden('A masked session cannot end the user’s sessions.');
      return sessions.signOutEverywhere(auth.user.guid, auth.claims.sid, actorOf(req));
    },
  });
}
