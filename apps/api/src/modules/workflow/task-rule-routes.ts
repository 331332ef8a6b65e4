import { workflowRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { importTaskRules, importTasks } from './csv-import.ts';
import { reminderReadPolicy, reminderWritePolicy } from './policies.ts';
import { archiveRule, createRule, listRules } from './task-rules.ts';

/** Task rules of a client and the CSV imports of rules and tasks (issue 14). */
export function registerTaskRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = workflowRoutes;

  registerRoute(app, r.getReportsClientTaskRules, {
    access: reminderReadPolicy,
    handler: async (req) => {
      const { count, results } = await listRules(db, requireClient(req).id, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postReportsClientTaskRules, {
    access: reminderWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createRule(db, requireClient(req), actorOf(req), req.body)),
  });
  registerRoute(app, r.postReportsClientTaskRuleArchive, {
    access: reminderWritePolicy,
    handler: async (req) =>
      archiveRule(db, requireClient(req), actorOf(req), req.params.taskRuleGuid, deps.now()),
  });
  registerRoute(app, r.postReportsClientTaskRulesImport, {
    access: reminderWritePolicy,
    handler: async (req) => importTaskRules(db, requireClient(req), actorOf(req), req.body.csv),
  });
  registerRoute(app, r.postReportsClientTasksImport, {
    access: reminderWritePolicy,
    handler: async (req) => importTasks(db, requireClient(req), actorOf(req), req.body.csv, deps.now()),
  });
}
