import { dashboardRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { billFigures, reconciliationFigures, reportFigures, taskFigures } from './dashboard-figures.ts';
import { previousMonth } from './due-filter.ts';
import { orgWorkflowPolicy } from './policies.ts';

/** The staff dashboards' workflow figures (decision 026): read with the work lists' own policy. */
export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = dashboardRoutes;

  registerRoute(app, r.getDashboardTasks, {
    access: orgWorkflowPolicy,
    handler: async (req) =>
      taskFigures(db, requireOrganization(req).id, req.query.assignee, todayOf(req, deps.now())),
  });
  registerRoute(app, r.getDashboardReconciliations, {
    access: orgWorkflowPolicy,
    handler: async (req) => {
      const today = todayOf(req, deps.now());
      // By default the month being closed: last month, whose periods the reminders have raised.
      const period = req.query.period ?? previousMonth(today);
      return reconciliationFigures(
        db,
        requireOrganization(req).id,
        { assignee: req.query.assignee, period },
        today,
      );
    },
  });
  registerRoute(app, r.getDashboardReportsDue, {
    access: orgWorkflowPolicy,
    handler: async (req) =>
      reportFigures(db, requireOrganization(req).id, req.query.assignee, todayOf(req, deps.now())),
  });
  registerRoute(app, r.getDashboardBills, {
    access: orgWorkflowPolicy,
    handler: async (req) => billFigures(db, requireOrganization(req).id, todayOf(req, deps.now())),
  });
}
