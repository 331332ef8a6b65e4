export {
  InactiveReconciliationWorkflowPage,
  ReconciliationWorkflowPage,
  ReviewPage,
} from './ReconciliationQueuePage.tsx';
export {
  InactiveReportRemindersPage,
  ReconciliationRemindersPage,
  ReportRemindersPage,
} from './ReminderListPage.tsx';
