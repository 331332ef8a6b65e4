/** Routes of the staff dashboards' workflow figures (issue 14, decision 026); served by the workflow module. */
import { z } from 'zod';
import { guid } from '../common.ts';
import {
  dashboardBillFigures,
  dashboardQuery,
  dashboardReconciliationFigures,
  dashboardReconciliationQuery,
  dashboardReportFigures,
  dashboardTaskFigures,
} from '../dashboards.ts';
import { defineRoute } from '../route.ts';

const organizationParams = z.object({ organizationGuid: guid });
const BASE = '/v1/reports/organizations/:organizationGuid/dashboard';

export const dashboardRoutes = {
  getDashboardTasks: defineRoute({
    method: 'GET',
    path: `${BASE}/tasks`,
    tags: ['dashboards'],
    params: organizationParams,
    query: dashboardQuery,
    description:
      "Open tasks per assignee (assignment assigned): open, overdue, due today, due within 7 days, as the task list counts them with those filters. assignee: one person's only.",
    responses: { 200: dashboardTaskFigures },
  }),
  getDashboardReconciliations: defineRoute({
    method: 'GET',
    path: `${BASE}/reconciliations`,
    tags: ['dashboards'],
    params: organizationParams,
    query: dashboardReconciliationQuery,
    description:
      'Reconciliations whose period ends in the month (period, default last month: the month being closed), per client and step, Active included. assignee: one person only.',
    responses: { 200: dashboardReconciliationFigures },
  }),
  getDashboardReportsDue: defineRoute({
    method: 'GET',
    path: `${BASE}/reports-due`,
    tags: ['dashboards'],
    params: organizationParams,
    query: dashboardQuery,
    description:
      'Open report reminder tasks due within 7 days (overdue included), by due date, as the task list with type=report_reminder, open=true, due=week.',
    responses: { 200: dashboardReportFigures },
  }),
  getDashboardBills: defineRoute({
    method: 'GET',
    path: `${BASE}/bills`,
    tags: ['dashboards'],
    params: organizationParams,
    description:
      'Bills waiting in each billing queue (Paid and Rejected aside): count, amount and age buckets.',
    responses: { 200: dashboardBillFigures },
  }),
};
