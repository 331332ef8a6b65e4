import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accessDirectory, administersRecipient } from './modules/access/index.ts';
import { registerAuditRoutes } from './modules/audit/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerBankFeedRoutes } from './modules/bank-feeds/index.ts';
import { registerBankMatchingRoutes } from './modules/bank-matching/index.ts';
import { unreadCountsOf, unreadInOrganizationColumn } from './modules/bill-messages/index.ts';
import { registerBillMessageRoutes } from './modules/bill-messages/routes.ts';
import { registerBillSearchRoutes } from './modules/bill-search/routes.ts';
import { registerWorkflowRoutes } from './modules/bill-workflow/routes.ts';
import { registerBillRoutes } from './modules/bills/routes.ts';
import { linesArrivedInBooks, registerBooksRoutes } from './modules/books/index.ts';
import { parentInstitutionInUse } from './modules/client-records/index.ts';
import { registerClientRecordRoutes } from './modules/client-records/routes.ts';
import { registerClientRoutes } from './modules/clients/routes.ts';
import { registerCommitmentsRoutes } from './modules/commitments/routes.ts';
import { registerDesignationRoutes } from './modules/entities/designation-routes.ts';
import { registerEntityRoutes } from './modules/entities/routes.ts';
import { registerGroupRoutes } from './modules/groups/routes.ts';
import { registerInboxRoutes } from './modules/inbox/routes.ts';
import { registerInstitutionRoutes } from './modules/institutions/routes.ts';
import { registerInvestmentRoutes } from './modules/investments/index.ts';
import { registerJobRoutes } from './modules/jobs/routes.ts';
import { registerMailScanRoutes } from './modules/mail-scan/index.ts';
import { startLoginChallenge } from './modules/mfa/index.ts';
import { registerMfaRoutes } from './modules/mfa/routes.ts';
import { registerNotificationRoutes, registerOutboxRoutes } from './modules/notifications/routes.ts';
import {
  onboardingProgressOf,
  onboardingStatusCondition,
  registerOnboardingRoutes,
} from './modules/onboarding/index.ts';
import { isPasswordExpired, memberOfOrganizationRequiringMfa } from './modules/organizations/index.ts';
import { registerOrganizationRoutes } from './modules/organizations/routes.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { registerPortfolioRoutes } from './modules/portfolio/index.ts';
import { createQuickbooks } from './modules/quickbooks/index.ts';
import { bankSecretBox, registerReportRoutes, reportGenerationQueue } from './modules/reports/index.ts';
import { registerSanctionsRoutes } from './modules/sanctions/routes.ts';
import { registerStaffRoutes } from './modules/staff/routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { entityVendorHook, registerVendorMasterRoutes } from './modules/vendors/index.ts';
import { registerDashboardRoutes } from './modules/workflow/dashboard-routes.ts';
import { registerReconciliationRoutes } from './modules/workflow/reconciliation-routes.ts';
import { registerReminderRoutes } from './modules/workflow/routes.ts';
import { registerTaskRuleRoutes } from './modules/workflow/task-rule-routes.ts';
import { registerAccessGuard } from './platform/access.ts';
import type { AppDeps } from './platform/deps.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { throttled } from './platform/errors.ts';
import type { JobRunner } from './platform/jobs/index.ts';
import { registerRequestChecks } from './platform/request-checks.ts';
import { registerSecurityHeaders, SECURITY_HEADER_OPTIONS } from './platform/security-headers.ts';

/** Largest JSON body any route accepts; uploads have their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole API (and the SPA when built): platform plugins first, then each module's routes. */
export async function buildApp(
  deps: AppDeps,
  // `jobs`: the runner requests queue work on (report generation); the caller starts it after buildApp.
  options: { logger?: FastifyServerOptions['logger']; jobs?: JobRunner } = {},
) {
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: process.env.TRUST_PROXY === '1',
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    ajv: { customOptions: { removeAdditional: false } },
    // Long enough for any id (a guid is 36); a longer path segment is no object of ours.
    routerOptions: { maxParamLength: 200 },
    // Errors the router raises before any hook (an undecodable URL, an over-long parameter) get the
    // documented body too: the URL names nothing we have.
    frameworkErrors: (error, _request, frameworkReply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      (frameworkReply as unknown as FastifyReply)
        .status(badUrl ? 400 : 404)
        .send(
          badUrl
            ? { detail: 'Malformed URL.', code: 'bad_request' }
            : { detail: 'Not found.', code: 'not_found' },
        );
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Security headers first, so that every answer carries them, the access guard's refusals included.
  registerSecurityHeaders(app, SECURITY_HEADER_OPTIONS);
  // A coarse per-address limit on the API routes that need no sign-in, beside the per-account throttling.
  await app.register(rateLimit, {
    max: deps.config.publicRateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (request) =>
      !request.url.startsWith('/v1/') || request.routeOptions.config?.access?.kind !== 'public',
    errorResponseBuilder: () => throttled('Too many requests from this address. Try again in a minute.'),
  });
  registerAccessGuard(app, deps.database.db, deps.tokens, accessDirectory);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
  });

  registerRequestChecks(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bill-pay platform API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.get(
    '/healthz',
    { config: { access: { kind: 'public' } }, schema: { hide: true } },
    async (_req, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
  app.get('/v1/openapi.json', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  registerAuthRoutes(app, deps, startLoginChallenge);
  registerMfaRoutes(app, deps);
  registerUserRoutes(app, deps, { isPasswordExpired, memberOfOrganizationRequiringMfa });
  registerOrganizationRoutes(app, deps, unreadCountsOf, unreadInOrganizationColumn);
  registerClientRoutes(app, deps, {
    progressOf: onboardingProgressOf,
    statusCondition: onboardingStatusCondition,
  });
  registerStaffRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerInstitutionRoutes(app, deps, parentInstitutionInUse);
  registerJobRoutes(app, deps);
  registerAuditRoutes(app, deps);
  // Entities' vendor writes call the vendor master's hook: history, screening, the payment hold.
  registerEntityRoutes(app, deps, entityVendorHook(deps.now));
  registerDesignationRoutes(app, deps);
  registerClientRecordRoutes(app, deps);
  registerOnboardingRoutes(app, deps);
  registerOutboxRoutes(app, deps, administersRecipient);
  registerNotificationRoutes(app, deps);
  registerBillSearchRoutes(app, deps);
  // QuickBooks (decision 035): a bill reaching payment, and its recorded payment, are queued for export
  // in the transition's transaction through this hook (bill-workflow knows nothing of QuickBooks).
  const quickbooks = createQuickbooks(deps, { vendorHook: entityVendorHook(deps.now), jobs: options.jobs });
  registerWorkflowRoutes(app, deps, { moneyMoved: quickbooks.moneyMoved });
  // ACH payments (NACHA exports) end in the workflow's record_payment; payments builds on bill-workflow.
  registerPaymentRoutes(app, deps, { moneyMoved: quickbooks.moneyMoved });
  quickbooks.register(app);
  registerBillRoutes(app, deps);
  registerBooksRoutes(app, deps, options.jobs);
  // Financial data (issue 19, decision 036).
  // Fed lines land in the books at sync time; the books' feeder rules run on them as they arrive.
  registerBankFeedRoutes(app, deps, { linesArrived: linesArrivedInBooks }, options.jobs);
  registerBankMatchingRoutes(app, deps);
  registerInvestmentRoutes(app, deps);
  registerMailScanRoutes(app, deps);
  registerCommitmentsRoutes(app, deps);
  // Report reminders, their tasks and the reconciliation workflow (issue 14).
  registerReminderRoutes(app, deps);
  registerReconciliationRoutes(app, deps);
  registerTaskRuleRoutes(app, deps);
  // The staff dashboards' workflow figures (decision 026).
  registerDashboardRoutes(app, deps);
  registerInboxRoutes(app, deps);
  registerSanctionsRoutes(app, deps);
  registerVendorMasterRoutes(app, deps);
  registerBillMessageRoutes(app, deps);
  // The printed-checks job's bank account number travels sealed with the server's secrets key.
  const secrets = bankSecretBox(deps.config.secrets.key, deps.config.secrets.previousKeys);
  const reportQueue = reportGenerationQueue({
    db: deps.database.db,
    storage: deps.storage,
    now: deps.now,
    secrets,
  });
  if (options.jobs) options.jobs.register(reportQueue);
  registerReportRoutes(
    app,
    deps,
    options.jobs ? { runner: options.jobs, queue: reportQueue, secrets } : undefined,
  );
  // The advisor's and the family office's clients (decision 029).
  registerPortfolioRoutes(app, deps);

  // Third-party routes (docs UI, static files) are public by nature; they get the policy explicitly.
  await app.register(async (assets) => {
    assets.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? { kind: 'public' } };
    });
    await assets.register(swaggerUi, { routePrefix: '/docs' });
    if (existsSync(join(deps.config.webDist, 'index.html'))) {
      await assets.register(fastifyStatic, {
        root: deps.config.webDist,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each file; the best one the browser accepts is sent.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        cacheControl: false,
        // Files under /assets are named by their content hash, so a cached copy never goes stale;
        // anything else (index.html, the logo) is checked with the server before each use.
        setHeaders: (reply, path) =>
          reply.header(
            'cache-control',
            relative(deps.config.webDist, path).startsWith(`assets${sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          ),
      });
    }
  });

  const spaIndex = join(deps.config.webDist, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(v1|v2|healthz|docs)(\/|$)/.test(request.url);
    if (!isApi && request.method === 'GET' && existsSync(spaIndex)) {
      // Client-side routes: the SPA decides (unknown paths go to /login there).
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(readFileSync(spaIndex));
    }
    return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
  });
  return app;
}
