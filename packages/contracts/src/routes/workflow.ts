/** Routes of the API's workflow module (issue 14): report reminders and the tasks they raise. */
import { z } from 'zod';
import { guid, pageQuery } from '../common.ts';
import {
  bulkAssignReconciliationsRequest,
  bulkAssignResult,
  createReconciliationRequest,
  moveBackReconciliationRequest,
  moveReconciliationRequest,
  reconciliation,
  reconciliationCounts,
  reconciliationHistory,
  reconciliationList,
  reconciliationListQuery,
} from '../reconciliations.ts';
import { defineRoute } from '../route.ts';
import {
  createTaskRuleRequest,
  csvImportRequest,
  csvImportResult,
  taskRule,
  taskRuleList,
  taskRuleListQuery,
} from '../task-rules.ts';
import {
  createReportReminderRequest,
  createTaskCommentRequest,
  patchReportReminderRequest,
  patchWorkflowTaskRequest,
  raiseRemindersResult,
  reminderTaskListQuery,
  reportReminder,
  reportReminderHistory,
  reportReminderList,
  reportReminderListQuery,
  skipReportReminderRequest,
  taskComment,
  taskCommentList,
  workflowTask,
  workflowTaskList,
} from '../workflow.ts';

const clientParams = z.object({ clientGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });
const reminderParams = clientParams.extend({ reminderGuid: guid });
const orgReminderParams = organizationParams.extend({ reminderGuid: guid });
const taskParams = organizationParams.extend({ taskGuid: guid });
const reconciliationParams = clientParams.extend({ reconciliationGuid: guid });
const REC_BASE = '/v1/reports/clients/:clientGuid/reconciliations';
const ORG_REC_BASE = '/v1/reports/organizations/:organizationGuid/reconciliations';
const REC_LIST_DESCRIPTION =
  'Work queue. Filters: inactive=true (back to Active), client, entity, assignee (user guid), step, review (initial, secondary, final, reconciliation, gl, financial), due (overdue, today, week), search (client or entity name); soonest due first.';
const BASE = '/v1/reports/clients/:clientGuid/report-reminders';
const ORG_BASE = '/v1/reports/organizations/:organizationGuid/report-reminders';
const LIST_DESCRIPTION =
  'Filters: archived=true for the inactive ones, frequency, report_type, reconciliation (true: reconciliation reminders only, false: the others), assignee (user guid), search (name); ordering among name, created_on (prefix - for descending).';

export const workflowRoutes = {
  getReportsClientReportReminders: defineRoute({
    method: 'GET',
    path: BASE,
    tags: ['workflow'],
    params: clientParams,
    query: reportReminderListQuery,
    description: LIST_DESCRIPTION,
    responses: { 200: reportReminderList },
  }),
  postReportsClientReportReminders: defineRoute({
    method: 'POST',
    path: BASE,
    tags: ['workflow'],
    params: clientParams,
    body: createReportReminderRequest,
    responses: { 201: reportReminder },
  }),
  getReportsClientReportReminder: defineRoute({
    method: 'GET',
    path: `${BASE}/:reminderGuid`,
    tags: ['workflow'],
    params: reminderParams,
    responses: { 200: reportReminder },
  }),
  patchReportsClientReportReminder: defineRoute({
    method: 'PATCH',
    path: `${BASE}/:reminderGuid`,
    tags: ['workflow'],
    params: reminderParams,
    body: patchReportReminderRequest,
    responses: { 200: reportReminder },
  }),
  postReportsClientReportReminderArchive: defineRoute({
    method: 'POST',
    path: `${BASE}/:reminderGuid/archive`,
    tags: ['workflow'],
    params: reminderParams,
    description: 'Stops raising tasks (history: report_archived); 409 when already archived.',
    responses: { 200: reportReminder },
  }),
  postReportsClientReportReminderUnarchive: defineRoute({
    method: 'POST',
    path: `${BASE}/:reminderGuid/unarchive`,
    tags: ['workflow'],
    params: reminderParams,
    description: 'Raises tasks again (history: report_unarchived); 409 when not archived.',
    responses: { 200: reportReminder },
  }),
  postReportsClientReportReminderSkip: defineRoute({
    method: 'POST',
    path: `${BASE}/:reminderGuid/skip`,
    tags: ['workflow'],
    params: reminderParams,
    body: skipReportReminderRequest,
    description:
      'No task for the period containing period_date (history: report_skipped); 409 when its task was already raised or it is already skipped.',
    responses: { 200: reportReminder },
  }),
  getReportsClientReportReminderHistory: defineRoute({
    method: 'GET',
    path: `${BASE}/:reminderGuid/history`,
    tags: ['workflow'],
    params: reminderParams,
    query: pageQuery,
    description: 'created, report_archived, report_unarchived and report_skipped, newest first.',
    responses: { 200: reportReminderHistory },
  }),
  getReportsOrganizationReportReminders: defineRoute({
    method: 'GET',
    path: ORG_BASE,
    tags: ['workflow'],
    params: organizationParams,
    query: reportReminderListQuery,
    description: `${LIST_DESCRIPTION} Also client (guid).`,
    responses: { 200: reportReminderList },
  }),
  getReportsOrganizationReportReminder: defineRoute({
    method: 'GET',
    path: `${ORG_BASE}/:reminderGuid`,
    tags: ['workflow'],
    params: orgReminderParams,
    description: "One reminder of the organisation by its guid alone; its client's guid is in the answer.",
    responses: { 200: reportReminder },
  }),
  postReportsOrganizationReportRemindersRaise: defineRoute({
    method: 'POST',
    path: `${ORG_BASE}/raise`,
    tags: ['workflow'],
    params: organizationParams,
    description:
      "Runs the reminder job now for this organisation's reminders and task rules (the same code as the hourly run): every ended period neither raised nor skipped gets its task, once.",
    responses: { 200: raiseRemindersResult },
  }),
  getReportsOrganizationTasks: defineRoute({
    method: 'GET',
    path: '/v1/reports/organizations/:organizationGuid/tasks',
    tags: ['workflow'],
    params: organizationParams,
    query: reminderTaskListQuery,
    description:
      'Every task of the organisation (workflow tasks and bill steps), soonest due first. Filters: type (report_reminder, reconciliation, review, bill), status, open=true (not completed), assignee with assignment (assigned, backup), due (overdue, today, week), search (title).',
    responses: { 200: workflowTaskList },
  }),
  patchReportsOrganizationTask: defineRoute({
    method: 'PATCH',
    path: '/v1/reports/organizations/:organizationGuid/tasks/:taskGuid',
    tags: ['workflow'],
    params: taskParams,
    body: patchWorkflowTaskRequest,
    description:
      "Status, assignee, backup or due date of a workflow task; a bill step's task follows its bill (409).",
    responses: { 200: workflowTask },
  }),
  getReportsOrganizationTaskComments: defineRoute({
    method: 'GET',
    path: '/v1/reports/organizations/:organizationGuid/tasks/:taskGuid/comments',
    tags: ['workflow'],
    params: taskParams,
    query: pageQuery,
    description: 'Oldest first.',
    responses: { 200: taskCommentList },
  }),
  postReportsOrganizationTaskComments: defineRoute({
    method: 'POST',
    path: '/v1/reports/organizations/:organizationGuid/tasks/:taskGuid/comments',
    tags: ['workflow'],
    params: taskParams,
    body: createTaskCommentRequest,
    responses: { 201: taskComment },
  }),
  postReportsClientReconciliations: defineRoute({
    method: 'POST',
    path: REC_BASE,
    tags: ['workflow'],
    params: clientParams,
    body: createReconciliationRequest,
    description: 'Opens an account-period at step Open.',
    responses: { 201: reconciliation },
  }),
  getReportsClientReconciliation: defineRoute({
    method: 'GET',
    path: `${REC_BASE}/:reconciliationGuid`,
    tags: ['workflow'],
    params: reconciliationParams,
    responses: { 200: reconciliation },
  }),
  postReportsClientReconciliationMove: defineRoute({
    method: 'POST',
    path: `${REC_BASE}/:reconciliationGuid/move`,
    tags: ['workflow'],
    params: reconciliationParams,
    body: moveReconciliationRequest,
    description:
      'One step forward. 409 unless to_step is the next step; 403 (preparer_cannot_review) when the preparer moves a review step on.',
    responses: { 200: reconciliation },
  }),
  postReportsClientReconciliationMoveBack: defineRoute({
    method: 'POST',
    path: `${REC_BASE}/:reconciliationGuid/move-back`,
    tags: ['workflow'],
    params: reconciliationParams,
    body: moveBackReconciliationRequest,
    description: 'Back to an earlier step with a reason; 409 unless to_step is before the current step.',
    responses: { 200: reconciliation },
  }),
  getReportsClientReconciliationHistory: defineRoute({
    method: 'GET',
    path: `${REC_BASE}/:reconciliationGuid/history`,
    tags: ['workflow'],
    params: reconciliationParams,
    query: pageQuery,
    description: 'Every move (forward, back with its reason) and assignment, newest first.',
    responses: { 200: reconciliationHistory },
  }),
  getReportsOrganizationReconciliations: defineRoute({
    method: 'GET',
    path: ORG_REC_BASE,
    tags: ['workflow'],
    params: organizationParams,
    query: reconciliationListQuery,
    description: REC_LIST_DESCRIPTION,
    responses: { 200: reconciliationList },
  }),
  getReportsOrganizationReconciliationCounts: defineRoute({
    method: 'GET',
    path: `${ORG_REC_BASE}/counts`,
    tags: ['workflow'],
    params: organizationParams,
    query: reconciliationListQuery,
    description: 'How many the queue holds with the same filters (step aside): total, overdue and by step.',
    responses: { 200: reconciliationCounts },
  }),
  postReportsOrganizationReconciliationsBulkAssign: defineRoute({
    method: 'POST',
    path: `${ORG_REC_BASE}/bulk-assign`,
    tags: ['workflow'],
    params: organizationParams,
    body: bulkAssignReconciliationsRequest,
    description:
      'Assigns every listed reconciliation of the organisation, all or none (404 when one is not found).',
    responses: { 200: bulkAssignResult },
  }),
  getReportsClientTaskRules: defineRoute({
    method: 'GET',
    path: '/v1/reports/clients/:clientGuid/task-rules',
    tags: ['workflow'],
    params: clientParams,
    query: taskRuleListQuery,
    description: 'archived=true for the archived ones; newest first.',
    responses: { 200: taskRuleList },
  }),
  postReportsClientTaskRules: defineRoute({
    method: 'POST',
    path: '/v1/reports/clients/:clientGuid/task-rules',
    tags: ['workflow'],
    params: clientParams,
    body: createTaskRuleRequest,
    responses: { 201: taskRule },
  }),
  postReportsClientTaskRuleArchive: defineRoute({
    method: 'POST',
    path: '/v1/reports/clients/:clientGuid/task-rules/:taskRuleGuid/archive',
    tags: ['workflow'],
    params: clientParams.extend({ taskRuleGuid: guid }),
    description: 'Stops raising tasks; 409 when already archived.',
    responses: { 200: taskRule },
  }),
  postReportsClientTaskRulesImport: defineRoute({
    method: 'POST',
    path: '/v1/reports/clients/:clientGuid/task-rules/import',
    tags: ['workflow'],
    params: clientParams,
    body: csvImportRequest,
    description:
      'Columns: name, task_type, frequency, due_business_days, start_date (YYYY-MM-DD), entity (nickname, optional), account (name, optional), assignee and backup (staff e-mail, optional). All rows or none.',
    responses: { 200: csvImportResult },
  }),
  postReportsClientTasksImport: defineRoute({
    method: 'POST',
    path: '/v1/reports/clients/:clientGuid/tasks/import',
    tags: ['workflow'],
    params: clientParams,
    body: csvImportRequest,
    description:
      'Columns: title, task_type, due_date (YYYY-MM-DD), status (optional, default ready), assignee and backup (staff e-mail, optional). All rows or none.',
    responses: { 200: csvImportResult },
  }),
};
