// What other modules may use of workflow (docs/architecture.md): never its tables or repo.

export { registerDashboardRoutes } from './dashboard-routes.ts';
export { createReminderJob, type ReminderJob, raiseDueReminders } from './raise.ts';
export {
  type ReconciliationRef,
  reconciliationCovering,
  reconciliationOfClient,
  reconciliationRows,
} from './reconciliation-lookup.ts';
export { registerReconciliationRoutes } from './reconciliation-routes.ts';
export { registerReminderRoutes } from './routes.ts';
export { registerTaskRuleRoutes } from './task-rule-routes.ts';
