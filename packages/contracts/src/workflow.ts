/**
 * Workflow (issue 14): report reminders of a client (and entity) and the tasks they raise.
 * Client base: /v1/reports/clients/{clientGuid}/report-reminders; organisation base (the work lists
 * across clients): /v1/reports/organizations/{organizationGuid}/report-reminders (SPEC §7 Reports).
 * Reminder ids are guids; dates are YYYY-MM-DD; people are user guids of the organisation's staff.
 */
import {
  ASSIGNMENT_KIND_VALUES,
  MAX_DUE_BUSINESS_DAYS,
  REPORT_REMINDER_EVENT_VALUES,
  REPORT_REMINDER_FREQUENCY_VALUES,
  REPORT_TYPE_VALUES,
  TASK_KIND_VALUES,
  TASK_STATUS_VALUES,
  TASK_TYPE_VALUES,
} from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { queryFlag } from './entities.ts';
import { choice, optionalText, requiredText } from './fields.ts';
import { personRef } from './person-ref.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');
const dueDays = z
  .number('Enter a number of business days.')
  .int('Enter a whole number of business days.')
  .min(0, `Enter a number from 0 to ${MAX_DUE_BUSINESS_DAYS}.`)
  .max(MAX_DUE_BUSINESS_DAYS, `Enter a number from 0 to ${MAX_DUE_BUSINESS_DAYS}.`);
const channel = choice(['email', 'push'] as const);

const reminderFields = {
  name: requiredText(200),
  /** An entity of the client, or null for the whole client. */
  entity: guid.nullable().optional(),
  report_type: choice(REPORT_TYPE_VALUES),
  frequency: choice(REPORT_REMINDER_FREQUENCY_VALUES),
  /** Each period's task is due this many business days after the period's last day. */
  due_business_days: dueDays,
  /** The first period is the one containing this day. */
  start_date: isoDate,
  /** Staff (user guid) the task goes to, and the backup. */
  assignee: guid.nullable().optional(),
  backup: guid.nullable().optional(),
  channels: z.array(channel).max(2).optional(),
  notes: optionalText(2000).optional(),
};

export const createReportReminderRequest = z.object(reminderFields).strict();
export type CreateReportReminderRequest = z.input<typeof createReportReminderRequest>;
export const patchReportReminderRequest = z.object(reminderFields).partial().strict();
export type PatchReportReminderRequest = z.input<typeof patchReportReminderRequest>;

/** Skips one period (no task is raised for it): the period named by any day inside it. */
export const skipReportReminderRequest = z.object({ period_date: isoDate }).strict();

export const reportReminder = z.object({
  guid,
  client: z.object({ guid, name: z.string() }),
  entity: z.object({ guid, name: z.string() }).nullable(),
  name: z.string(),
  report_type: z.enum(REPORT_TYPE_VALUES),
  frequency: z.enum(REPORT_REMINDER_FREQUENCY_VALUES),
  due_business_days: z.number().int(),
  start_date: z.string(),
  assignee: personRef.nullable(),
  backup: personRef.nullable(),
  channels: z.array(z.enum(['email', 'push'])),
  notes: z.string().nullable(),
  is_archived: z.boolean(),
  /** The next period not yet raised or skipped, and when its task falls due. */
  next_period: z.object({ start: z.string(), end: z.string(), due_date: z.string() }),
  created_on: z.string(),
});
export type ReportReminder = z.infer<typeof reportReminder>;
export const reportReminderList = paged(reportReminder);

export const reportReminderListQuery = pageQuery.extend({
  archived: queryFlag.optional(),
  frequency: z.enum(REPORT_REMINDER_FREQUENCY_VALUES).optional(),
  report_type: z.enum(REPORT_TYPE_VALUES).optional(),
  /** Only reconciliation reminders (report_type reconciliation) with true, only the others with false. */
  reconciliation: queryFlag.optional(),
  assignee: guid.optional(),
  client: guid.optional(),
});
export type ReportReminderListQuery = z.input<typeof reportReminderListQuery>;
export type ReportReminderFilters = z.infer<typeof reportReminderListQuery>;

export const reportReminderHistoryEntry = z.object({
  event: z.enum(REPORT_REMINDER_EVENT_VALUES),
  /** The skipped period's first day (report_skipped only). */
  period_start: z.string().nullable(),
  user: personRef.nullable(),
  created_on: z.string(),
});
export const reportReminderHistory = paged(reportReminderHistoryEntry);

/**
 * A task of the work lists: raised by a reminder or opened by the workflow (type set), or a bill step's
 * task (type null, kind and bill set), so everyone's work is one list.
 */
export const workflowTask = z.object({
  guid,
  type: z.enum(TASK_TYPE_VALUES).nullable(),
  kind: z.enum(TASK_KIND_VALUES).nullable(),
  bill: guid.nullable(),
  status: z.enum(TASK_STATUS_VALUES),
  title: z.string(),
  client: z.object({ guid, name: z.string() }),
  reminder: guid.nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  due_date: z.string().nullable(),
  is_overdue: z.boolean(),
  assignee: personRef.nullable(),
  backup: personRef.nullable(),
  created_on: z.string(),
  completed_on: z.string().nullable(),
});
export type WorkflowTask = z.infer<typeof workflowTask>;
export const workflowTaskList = paged(workflowTask);
export const reminderTaskListQuery = pageQuery.extend({
  /** A workflow type, or bill for the bill steps' tasks. */
  type: z.enum([...TASK_TYPE_VALUES, 'bill']).optional(),
  status: z.enum(TASK_STATUS_VALUES).optional(),
  open: queryFlag.optional(),
  /** User guid: tasks assigned to them (or, with assignment=backup, where they are the backup). */
  assignee: guid.optional(),
  assignment: z.enum(ASSIGNMENT_KIND_VALUES).optional(),
  /** Client guid (organisation lists); all-clients for every client. */
  client: z.union([guid, z.literal('all-clients')]).optional(),
  /** overdue: due before today; today; week: due within 7 days (overdue included), as the reconciliation queue. */
  due: z.enum(['overdue', 'today', 'week']).optional(),
});
export type WorkflowTaskListQuery = z.input<typeof reminderTaskListQuery>;

/** Changes to a workflow task (bill tasks follow their bill: 409). */
export const patchWorkflowTaskRequest = z
  .object({
    status: choice(TASK_STATUS_VALUES),
    assignee: guid.nullable(),
    backup: guid.nullable(),
    due_date: isoDate.nullable(),
  })
  .partial()
  .strict();
export type PatchWorkflowTaskRequest = z.input<typeof patchWorkflowTaskRequest>;

export const taskComment = z.object({
  guid,
  body: z.string(),
  user: personRef.nullable(),
  created_on: z.string(),
});
export const taskCommentList = paged(taskComment);
export const createTaskCommentRequest = z.object({ body: requiredText(4000) }).strict();
export const raiseRemindersResult = z.object({ raised: z.number().int() });
