import { booksFeederRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { importBankCsv } from './bank-csv.ts';
import { listBankLines } from './bank-lines.ts';
import {
  applyRules,
  categorizeByHand,
  listBatches,
  previewRule,
  uncategorizeByHand,
  undoBatch,
} from './feeder-apply.ts';
import { createRule, deleteRule, listRules, patchRule } from './feeder-rules.ts';
import { booksReadPolicy, booksWritePolicy } from './policies.ts';
import type { BooksScope } from './scope.ts';

/**
 * Bank lines, feeder rules and batches (decision 034). Reads as the rest of the books; every write
 * (import, categorise, rules, apply, undo) is staff's with entities.manage, as journals are.
 */
export function registerFeederRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  scopeOf: (req: FastifyRequest, entityGuid: string) => Promise<BooksScope>,
) {
  const { db } = deps.database;
  registerRoute(app, r.getBooksBankLines, {
    access: booksReadPolicy,
    handler: async (req) => {
      const { count, results } = await listBankLines(
        db,
        await scopeOf(req, req.params.entityGuid),
        req.query,
      );
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postBooksBankLinesImport, {
    access: booksWritePolicy,
    handler: async (req) =>
      importBankCsv(db, await scopeOf(req, req.params.entityGuid), req.params.accountGuid, req.body),
  });
  registerRoute(app, r.postBooksBankLineCategorize, {
    access: booksWritePolicy,
    handler: async (req) =>
      categorizeByHand(
        db,
        await scopeOf(req, req.params.entityGuid),
        req.params.bankLineGuid,
        req.body,
        deps.now(),
      ),
  });
  registerRoute(app, r.postBooksBankLineUncategorize, {
    access: booksWritePolicy,
    handler: async (req) =>
      uncategorizeByHand(db, await scopeOf(req, req.params.entityGuid), req.params.bankLineGuid, deps.now()),
  });
  registerRoute(app, r.getBooksFeederRules, {
    access: booksReadPolicy,
    handler: async (req) => listRules(db, await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postBooksFeederRules, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createRule(db, await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.patchBooksFeederRule, {
    access: booksWritePolicy,
    handler: async (req) =>
      patchRule(db, await scopeOf(req, req.params.entityGuid), req.params.feederRuleGuid, req.body),
  });
  registerRoute(app, r.deleteBooksFeederRule, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      await deleteRule(db, await scopeOf(req, req.params.entityGuid), req.params.feederRuleGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.postBooksFeederRulePreview, {
    access: booksWritePolicy,
    handler: async (req) => previewRule(db, await scopeOf(req, req.params.entityGuid), req.body),
  });
  registerRoute(app, r.postBooksFeederRulesApply, {
    access: booksWritePolicy,
    handler: async (req) => applyRules(db, await scopeOf(req, req.params.entityGuid), req.body, deps.now()),
  });
  registerRoute(app, r.getBooksFeederBatches, {
    access: booksReadPolicy,
    handler: async (req) => {
      const { count, results } = await listBatches(db, await scopeOf(req, req.params.entityGuid), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postBooksFeederBatchUndo, {
    access: booksWritePolicy,
    handler: async (req) =>
      undoBatch(db, await scopeOf(req, req.params.entityGuid), req.params.batchGuid, deps.now()),
  });
}
