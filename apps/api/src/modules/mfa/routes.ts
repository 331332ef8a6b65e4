import { mfaRoutes } from '@bp/contracts';
import { MFA_METHOD_VALUES, type MfaMethod } from '@bp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { createLoginCodeService } from './login.ts';
import { createMfaService } from './service.ts';

const signedIn = { kind: 'signedIn' } as const;
/** `{method}` in a path: an unknown one names nothing, so it is a 404 like any unknown object. */
const methodOf = (value: string): MfaMethod => {
  if (!(MFA_METHOD_VALUES as readonly string[]).includes(value)) throw notFound();
  return value as MfaMethod;
};
/** Runs before the body is read, so an unknown method is a 404 whatever the body (as the guard does). */
const knownMethod = async (req: FastifyRequest) => {
  methodOf(String((req.params as Record<string, unknown>).method ?? ''));
};

/** Two-factor calls of SPEC.md §7 under /v1/auth/mfa, and the sign-in code step (decision 012). */
export function registerMfaRoutes(app: FastifyInstance, deps: AppDeps) {
  const mfa = createMfaService(deps);
  const loginCodes = createLoginCodeService(deps);

  registerRoute(app, mfaRoutes.postAuthLoginCode, {
    access: { kind: 'public' },
    handler: (req) => loginCodes.verify(req.body.ephemeral_token, req.body.code, actorOf(req)),
  });

  registerRoute(app, mfaRoutes.postAuthMfaResendCode, {
    access: { kind: 'public' },
    onRequest: knownMethod,
    handler: (req) => loginCodes.resend(req.body.ephemeral_token, methodOf(req.params.method), actorOf(req)),
  });

  registerRoute(app, mfaRoutes.getAuthMfaMethods, {
    access: signedIn,
    handler: (req) => mfa.list(requireAuth(req)),
  });

  registerRoute(app, mfaRoutes.postAuthMfaActivate, {
    access: signedIn,
    onRequest: knownMethod,
    handler: (req) =>
      mfa.activate(requireAuth(req), methodOf(req.params.method), req.body.value, actorOf(req)),
  });

  registerRoute(app, mfaRoutes.postAuthMfaActivateConfirm, {
    access: signedIn,
    onRequest: knownMethod,
    handler: (req) =>
      mfa.confirmActivation(requireAuth(req), methodOf(req.params.method), req.body, actorOf(req)),
  });

  registerRoute(app, mfaRoutes.postAuthMfaCodeRequest, {
    access: signedIn,
    handler: (req) => mfa.requestCode(requireAuth(req), req.body.method, req.body.action, actorOf(req)),
  });

  registerRoute(app, mfaRoutes.postAuthMfaChangePrimaryMethod, {
    access: signedIn,
    handler: (req) => mfa.changePrimary(requireAuth(req), req.body.method, req.body.code, actorOf(req)),
  });

  registerRoute(app, mfaRoutes.postAuthMfaDeactivate, {
    access: signedIn,
    handler: (req) => mfa.deactivate(requireAuth(req), req.body.method, req.body.code, actorOf(req)),
  });
}
