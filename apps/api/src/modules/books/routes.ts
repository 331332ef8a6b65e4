import { booksRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { attachmentDisposition } from '../../platform/http/download.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { pageOf } from '../../platform/pagination.ts';
import { SPREADSHEET_CONTENT_TYPES } from '../../platform/spreadsheet.ts';
import { createAccount, listAccounts, patchAccount, setPinned } from './accounts.ts';
import { readCatalogue } from './catalogue.ts';
import { balanceSheetXlsx, trialBalanceXlsx } from './exports.ts';
import { registerFeederRoutes } from './feeder-routes.ts';
import {
  createJournal,
  deleteDraft,
  getJournal,
  listJournals,
  postDraft,
  reverseJournal,
} from './journals.ts';
import { closePeriod, listClosedPeriods, reopenPeriod } from './periods.ts';
import { pipelineRunQueue } from './pipeline-job.ts';
import { booksPinPolicy, booksReadPolicy, booksWritePolicy, cataloguePolicy } from './policies.ts';
import { registerReportRoutes } from './report-routes.ts';
import { balanceSheet, generalLedger, profitAndLoss, trialBalance } from './reports.ts';
import { type BooksClient, booksScopeOf } from './scope.ts';
import { readSettings, writeSettings } from './settings.ts';
import { registerTemplateRoutes } from './template-routes.ts';

/** The client the guard resolved, and who asks: the edge's half of a books scope. */
function clientOf(request: FastifyRequest): BooksClient {
  const client = requireClient(request);
  return {
    clientId: client.id,
    organizationId: client.organizationId,
    via: client.via,
    userId: requireAuth(request).user.id,
    actor: actorOf(request),
  };
}

/** Books of an entity under v2/integrations/proxy (SPEC §7, issue 17, decision 030). */
export function registerBooksRoutes(app: FastifyInstance, deps: AppDeps, jobs?: JobRunner) {
  const { db } = deps.database;
  const scopeOf = (req: FastifyRequest, entityGuid: string) => booksScopeOf(db, clientOf(req), entityGuid);
  const xlsx = (name: string) => ({
    'content-type': SPREADSHEET_CONTENT_TYPES.xlsx,
    'content-disposition': attachmentDisposition(name),
  });

  registerRoute(app, r.getBooksAccountTypes, {
    access: cataloguePolicy,
    handler: () => readCatalogue(db),
  });
  registerRoute(app, r.getBooksClientSettings, {
    access: booksReadPolicy,
    handler: (req) => readSettings(db, clientOf(req)),
  });
  registerRoute(app, r.putBooksClientSettings, {
    access: booksWritePolicy,
    handler: (req) => writeSettings(db, clientOf(req), req.body, deps.now()),
  });

  registerRoute(app, r.getBooksAccounts, {
    access: booksReadPolicy,
    handler: async (req) => {
      const { count, results } = await listAccounts(db, await scopeOf(req, req.params.entityGuid), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postBooksAccounts, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createAccount(db, await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.patchBooksAccount, {
    access: booksWritePolicy,
    handler: async (req) =>
      patchAccount(db, await scopeOf(req, req.params.entityGuid), req.params.accountGuid, req.body),
  });
  registerRoute(app, r.putBooksPin, {
    access: booksPinPolicy,
    handler: async (req, reply) => {
      await setPinned(db, await scopeOf(req, req.params.entityGuid), req.params.accountGuid, true);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.deleteBooksPin, {
    access: booksPinPolicy,
    handler: async (req, reply) => {
      await setPinned(db, await scopeOf(req, req.params.entityGuid), req.params.accountGuid, false);
      return reply.status(204).send(null);
    },
  });

  registerRoute(app, r.getBooksJournals, {
    access: booksReadPolicy,
    handler: async (req) => {
      const { count, results } = await listJournals(db, await scopeOf(req, req.params.entityGuid), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postBooksJournals, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await createJournal(db, await scopeOf(req, req.params.entityGuid), req.body, deps.now())),
  });
  registerRoute(app, r.getBooksJournal, {
    access: booksReadPolicy,
    handler: async (req) => getJournal(db, await scopeOf(req, req.params.entityGuid), req.params.entryGuid),
  });
  registerRoute(app, r.postBooksJournalPost, {
    access: booksWritePolicy,
    handler: async (req) =>
      postDraft(db, await scopeOf(req, req.params.entityGuid), req.params.entryGuid, deps.now()),
  });
  registerRoute(app, r.postBooksJournalReverse, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await reverseJournal(
            db,
            await scopeOf(req, req.params.entityGuid),
            req.params.entryGuid,
            req.body,
            deps.now(),
          ),
        ),
  });
  registerRoute(app, r.deleteBooksJournal, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      await deleteDraft(db, await scopeOf(req, req.params.entityGuid), req.params.entryGuid);
      return reply.status(204).send(null);
    },
  });

  registerRoute(app, r.getBooksClosedPeriods, {
    access: booksReadPolicy,
    handler: async (req) => listClosedPeriods(db, await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postBooksClosedPeriods, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await closePeriod(db, await scopeOf(req, req.params.entityGuid), req.body.month, deps.now())),
  });
  registerRoute(app, r.deleteBooksClosedPeriod, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      await reopenPeriod(db, await scopeOf(req, req.params.entityGuid), req.params.month);
      return reply.status(204).send(null);
    },
  });

  registerFeederRoutes(app, deps, scopeOf);
  // Pipeline runs go on the job runner when the server has one (decision 034).
  const pipelineQueue = pipelineRunQueue({ db, now: deps.now });
  jobs?.register(pipelineQueue);
  registerTemplateRoutes(app, deps, scopeOf, jobs ? { runner: jobs, queue: pipelineQueue } : undefined);
  registerReportRoutes(app, deps);

  registerRoute(app, r.getBooksTrialBalance, {
    access: booksReadPolicy,
    handler: async (req) =>
      trialBalance(db, await scopeOf(req, req.params.entityGuid), req.query.from ?? null, req.query.to),
  });
  registerRoute(app, r.getBooksTrialBalanceXlsx, {
    access: booksReadPolicy,
    handler: async (req, reply) => {
      const report = await trialBalance(
        db,
        await scopeOf(req, req.params.entityGuid),
        req.query.from ?? null,
        req.query.to,
      );
      return reply.headers(xlsx(`trial-balance-${req.query.to}.xlsx`)).send(await trialBalanceXlsx(report));
    },
  });
  registerRoute(app, r.getBooksBalanceSheet, {
    access: booksReadPolicy,
    handler: async (req) => balanceSheet(db, await scopeOf(req, req.params.entityGuid), req.query.to),
  });
  registerRoute(app, r.getBooksBalanceSheetXlsx, {
    access: booksReadPolicy,
    handler: async (req, reply) => {
      const report = await balanceSheet(db, await scopeOf(req, req.params.entityGuid), req.query.to);
      return reply.headers(xlsx(`balance-sheet-${req.query.to}.xlsx`)).send(await balanceSheetXlsx(report));
    },
  });
  registerRoute(app, r.getBooksProfitAndLoss, {
    access: booksReadPolicy,
    handler: async (req) =>
      profitAndLoss(db, await scopeOf(req, req.params.entityGuid), req.query.from ?? null, req.query.to),
  });
  registerRoute(app, r.getBooksGeneralLedger, {
    access: booksReadPolicy,
    handler: async (req) =>
      generalLedger(
        db,
        await scopeOf(req, req.params.entityGuid),
        req.query.from ?? null,
        req.query.to,
        req.query.account ?? null,
      ),
  });
}
