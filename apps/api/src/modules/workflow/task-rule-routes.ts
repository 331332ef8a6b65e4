import { workflowRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { importTaskRules, importTasks } from './csv-import.ts';
import { orgWorkflowPolicy, orgWorkflowWritePolicy } from './policies.ts';
import { createRule, deleteRule, getRule, listRules, patchRule, setRuleArchived } from './task-rules.ts';

/**
 * Task rules of the organisation's clients and the CSV imports of rules and tasks (issue 14), under
 * /v1/accounts/organizations/{organizationGuid} as SPEC §7 lists them.
 */
export function registerTaskRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = workflowRoutes;
  const orgId = (req: Parameters<typeof requireOrganization>[0]) => requireOrganization(req).id;

  registerRoute(app, r.getAccountsOrganizationTaskRules, {
    access: orgWorkflowPolicy,
    handler: async (req) => {
      const { count, results } = await listRules(db, orgId(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postAccountsOrganizationTaskRules, {
    access: orgWorkflowWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createRule(db, orgId(req), actorOf(req), req.body)),
  });
  registerRoute(app, r.getAccountsOrganizationTaskRule, {
    access: orgWorkflowPolicy,
    handler: async (req) => getRule(db, orgId(req), req.params.taskRuleGuid),
  });
  registerRoute(app, r.patchAccountsOrganizationTaskRule, {
    access: orgWorkflowWritePolicy,
    handler: async (req) => patchRule(db, orgId(req), actorOf(req), req.params.taskRuleGuid, req.body),
  });
  registerRoute(app, r.deleteAccountsOrganizationTaskRule, {
    access: orgWorkflowWritePolicy,
    handler: async (req, reply) => {
      await deleteRule(db, orgId(req), actorOf(req), req.params.taskRuleGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.postAccountsOrganizationTaskRuleArchive, {
    access: orgWorkflowWritePolicy,
    handler: async (req) =>
      setRuleArchived(db, orgId(req), actorOf(req), req.params.taskRuleGuid, true, deps.now()),
  });
  registerRoute(app, r.postAccountsOrganizationTaskRuleUnarchive, {
    access: orgWorkflowWritePolicy,
    handler: async (req) =>
      setRuleArchived(db, orgId(req), actorOf(req), req.params.taskRuleGuid, false, deps.now()),
  });
  registerRoute(app, r.postAccountsOrganizationTaskRulesImport, {
    access: orgWorkflowWritePolicy,
    handler: async (req) => importTaskRules(db, orgId(req), actorOf(req), req.body.csv),
  });
  registerRoute(app, r.postAccountsOrganizationTasksImport, {
    access: orgWorkflowWritePolicy,
    handler: async (req) => importTasks(db, orgId(req), actorOf(req), req.body.csv, deps.now()),
  });
}
