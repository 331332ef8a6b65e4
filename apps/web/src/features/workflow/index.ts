export { NewReminderPage } from './NewReminderPage.tsx';
export {
  InactiveReconciliationWorkflowPage,
  ReconciliationWorkflowPage,
  ReviewPage,
} from './ReconciliationQueuePage.tsx';
export { ReminderDetailPage } from './ReminderDetailPage.tsx';
export {
  InactiveReportRemindersPage,
  ReconciliationRemindersPage,
  ReportRemindersPage,
} from './ReminderListPage.tsx';
export { InactiveTaskRulesPage, TaskRulesPage } from './TaskRulesPage.tsx';
