import { onboardingRoutes } from '@bp/contracts';
import { DEFAULT_ONBOARDING_TEAM } from '@bp/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { tenantOf } from '../entities/index.ts';
import { createChecklistService } from './checklist.ts';
import { onboardingReadPolicy, onboardingWritePolicy } from './policies.ts';
import { registerOnboardingRecordRoutes } from './record-routes.ts';
import { createTaxFormService } from './tax-forms.ts';
import { teamOf } from './team.ts';

/** The client onboarding checklist (issue 15): its state, questionnaire, tax forms, team and submit. */
export function registerOnboardingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = onboardingRoutes;
  const checklist = createChecklistService(deps);
  const taxForms = createTaxFormService(deps);

  registerRoute(app, r.getAccountsClientOnboarding, {
    access: onboardingReadPolicy,
    handler: (req) => checklist.read(tenantOf(req)),
  });
  registerRoute(app, r.patchAccountsClientOnboarding, {
    access: onboardingWritePolicy,
    handler: (req) => checklist.visit(tenantOf(req), req.body.last_anchor),
  });
  registerRoute(app, r.putAccountsClientOnboardingInitial, {
    access: onboardingWritePolicy,
    handler: (req) => checklist.saveAnswers(tenantOf(req), 'initial', req.body),
  });
  registerRoute(app, r.putAccountsClientOnboardingIt, {
    access: onboardingWritePolicy,
    handler: (req) => checklist.saveAnswers(tenantOf(req), 'it', req.body),
  });
  registerRoute(app, r.putAccountsClientOnboardingPrelim, {
    access: onboardingWritePolicy,
    handler: (req) => checklist.saveAnswers(tenantOf(req), 'prelim', req.body),
  });
  registerRoute(app, r.patchAccountsClientOnboardingClientDetails, {
    access: onboardingWritePolicy,
    handler: (req) => checklist.saveClientDetails(tenantOf(req), req.body),
  });
  registerRoute(app, r.postAccountsClientOnboardingSubmit, {
    access: onboardingWritePolicy,
    handler: (req) => checklist.submit(tenantOf(req)),
  });
  registerOnboardingRecordRoutes(app, deps);
  registerRoute(app, r.getAccountsClientOnboardingTeam, {
    access: onboardingReadPolicy,
    handler: async (req) => ({ results: await teamOf(deps.database.db, tenantOf(req).clientId) }),
  });
  registerRoute(app, r.getAccountsClientOnboardingTaxForms, {
    access: onboardingReadPolicy,
    handler: async (req) => {
      const { count, results } = await taxForms.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postAccountsClientOnboardingTaxForms, {
    access: onboardingWritePolicy,
    handler: async (req, reply) => reply.status(201).send(await taxForms.create(tenantOf(req), req.body)),
  });
  registerRoute(app, r.deleteAccountsClientOnboardingTaxForm, {
    access: onboardingWritePolicy,
    handler: async (req, reply) => {
      await taxForms.remove(tenantOf(req), req.params.taxFormGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.getVersionsConfigDefaultOnboardingTeam, {
    access: { kind: 'signedIn' },
    handler: () => ({ results: DEFAULT_ONBOARDING_TEAM.map((level) => ({ ...level })) }),
  });
}
