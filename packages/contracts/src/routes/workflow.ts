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
import { defineRoute, noContentResponse } from '../route.ts';
import {
  createTaskRuleRequest,
  csvImportRequest,
  csvImportResult,
  patchTaskRuleRequest,
  TASK_IMPORT_COLUMNS,
  TASK_RULE_IMPORT_COLUMNS,
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
const taskRuleParams = organizationParams.extend({ taskRuleGuid: guid });
/** SPEC §7 puts tasks and task rules (and their imports) under Accounts' organisations. */
const ACC_ORG = '/v1/accounts/organizations/:organizationGuid';
const TASK_LIST_DESCRIPTION =
  'Every task of the organisation (workflow tasks and bill steps), soonest due first. Filters: type (report_reminder, reconciliation, review, bill), status, open=true (not completed), assignee with assignment (assigned, backup), client (guid), due (overdue, today, week), search (title).';
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
    description: `The same list as GET ${ACC_ORG}/tasks (SPEC §7 lists tasks under Reports too). ${TASK_LIST_DESCRIPTION}`,
    responses: { 200: workflowTaskList },
  }),
  getAccountsOrganizationTasks: defineRoute({
    method: 'GET',
    path: `${ACC_ORG}/tasks`,
    tags: ['workflow'],
    params: organizationParams,
    query: reminderTaskListQuery,
    description: TASK_LIST_DESCRIPTION,
    responses: { 200: workflowTaskList },
  }),
  patchAccountsOrganizationTask: defineRoute({
    method: 'PATCH',
    path: `${ACC_ORG}/tasks/:taskGuid`,
    tags: ['workflow'],
    params: taskParams,
    body: patchWorkflowTaskRequest,
    description:
      "Status, assignee, backup or due date of a workflow task; a bill step's task follows its bill (409).",
    responses: { 200: workflowTask },
  }),
  getAccountsOrganizationTaskComments: defineRoute({
    method: 'GET',
    path: `${ACC_ORG}/tasks/:taskGuid/comments`,
    tags: ['workflow'],
    params: taskParams,
    query: pageQuery,
    description: 'Oldest first.',
    responses: { 200: taskCommentList },
  }),
  postAccountsOrganizationTaskComments: defineRoute({
    method: 'POST',
    path: `${ACC_ORG}/tasks/:taskGuid/comments`,
    tags: ['workflow'],
    params: taskParams,
    body: createTaskCommentRequest,
    responses: { 201: taskComment },
  }),
  postAccountsOrganizationTasksImport: defineRoute({
    method: 'POST',
    path: `${ACC_ORG}/tasks/import`,
    tags: ['workflow'],
    params: organizationParams,
    body: csvImportRequest,
    description: `Columns: ${TASK_IMPORT_COLUMNS.join(', ')}. client is the client's name; due_date YYYY-MM-DD; status optional (default ready); assignee and backup are staff e-mails (optional). All rows or none.`,
    responses: { 200: csvImportResult },
  }),
  getAccountsClientTasks: defineRoute({
    method: 'GET',
    path: '/v1/accounts/clients/:clientGuid/tasks',
    tags: ['workflow'],
    params: clientParams,
    query: reminderTaskListQuery,
    description:
      "The client's tasks (workflow and bill steps), soonest due first, with the organisation list's filters. Staff see all of them; the client's own users see its bill steps' tasks for the bills they may see and, unless they are a designee limited to designated entities, its workflow tasks.",
    responses: { 200: workflowTaskList },
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
  getAccountsOrganizationTaskRules: defineRoute({
    method: 'GET',
    path: `${ACC_ORG}/task-rules`,
    tags: ['workflow'],
    params: organizationParams,
    query: taskRuleListQuery,
    description: 'archived=true for the archived ones; client (guid), search (name); newest first.',
    responses: { 200: taskRuleList },
  }),
  postAccountsOrganizationTaskRules: defineRoute({
    method: 'POST',
    path: `${ACC_ORG}/task-rules`,
    tags: ['workflow'],
    params: organizationParams,
    body: createTaskRuleRequest,
    description:
      'A rule for a client of the organisation, and optionally one of its entities and an account of it.',
    responses: { 201: taskRule },
  }),
  getAccountsOrganizationTaskRule: defineRoute({
    method: 'GET',
    path: `${ACC_ORG}/task-rules/:taskRuleGuid`,
    tags: ['workflow'],
    params: taskRuleParams,
    responses: { 200: taskRule },
  }),
  patchAccountsOrganizationTaskRule: defineRoute({
    method: 'PATCH',
    path: `${ACC_ORG}/task-rules/:taskRuleGuid`,
    tags: ['workflow'],
    params: taskRuleParams,
    body: patchTaskRuleRequest,
    description:
      'Changes the rule for the periods it has not raised yet; tasks already raised keep what they were raised with. The client does not change.',
    responses: { 200: taskRule },
  }),
  deleteAccountsOrganizationTaskRule: defineRoute({
    method: 'DELETE',
    path: `${ACC_ORG}/task-rules/:taskRuleGuid`,
    tags: ['workflow'],
    params: taskRuleParams,
    description: 'Deletes the rule; the tasks it raised stay.',
    responses: { 204: noContentResponse },
  }),
  postAccountsOrganizationTaskRuleArchive: defineRoute({
    method: 'POST',
    path: `${ACC_ORG}/task-rules/:taskRuleGuid/archive`,
    tags: ['workflow'],
    params: taskRuleParams,
    description: 'Stops raising tasks; 409 when already archived.',
    responses: { 200: taskRule },
  }),
  postAccountsOrganizationTaskRuleUnarchive: defineRoute({
    method: 'POST',
    path: `${ACC_ORG}/task-rules/:taskRuleGuid/unarchive`,
    tags: ['workflow'],
    params: taskRuleParams,
    description:
      'Raises tasks again, catching up the periods that ended while archived (the latest 60); 409 when not archived.',
    responses: { 200: taskRule },
  }),
  postAccountsOrganizationTaskRulesImport: defineRoute({
    method: 'POST',
    path: `${ACC_ORG}/task-rules/import`,
    tags: ['workflow'],
    params: organizationParams,
    body: csvImportRequest,
    description: `Columns: ${TASK_RULE_IMPORT_COLUMNS.join(', ')}. client is the client's name; start_date YYYY-MM-DD; entity (nickname), account (name), assignee and backup (staff e-mail) optional. All rows or none.`,
    responses: { 200: csvImportResult },
  }),
};
