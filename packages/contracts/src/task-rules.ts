/**
 * Task rules and CSV imports (issue 14). Rules raise a task of a type every period for a scope
 * (client, entity, account): /v1/accounts/organizations/{organizationGuid}/task-rules (SPEC §7).
 * Tasks and task rules import from CSV (…/tasks/import, …/task-rules/import): every row is checked;
 * all rows are saved or none.
 */
import { MAX_DUE_BUSINESS_DAYS, REPORT_REMINDER_FREQUENCY_VALUES, TASK_TYPE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { queryFlag } from './entities.ts';
import { choice, requiredText } from './fields.ts';
import { personRef } from './person-ref.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

const taskRuleFields = {
  name: requiredText(200),
  task_type: choice(TASK_TYPE_VALUES),
  frequency: choice(REPORT_REMINDER_FREQUENCY_VALUES),
  due_business_days: z
    .number('Enter a number of business days.')
    .int('Enter a whole number of business days.')
    .min(0, `Enter a number from 0 to ${MAX_DUE_BUSINESS_DAYS}.`)
    .max(MAX_DUE_BUSINESS_DAYS, `Enter a number from 0 to ${MAX_DUE_BUSINESS_DAYS}.`),
  start_date: isoDate,
  /** An entity of the client, or null for the client as a whole. */
  entity: guid.nullable().optional(),
  /** An account of the entity (needs the entity). */
  account: guid.nullable().optional(),
  assignee: guid.nullable().optional(),
  backup: guid.nullable().optional(),
};

/** What one row of a task-rule import checks (the client comes from the file's client column). */
export const taskRuleRowRequest = z.object(taskRuleFields).strict();

export const createTaskRuleRequest = z
  .object({ client: guid, ...taskRuleFields })
  .strict()
  .superRefine(differentPeople);

/** Any of the fields; the client stays. Sending entity null clears the account too. */
export const patchTaskRuleRequest = z.object(taskRuleFields).partial().strict().superRefine(differentPeople);
export type PatchTaskRuleRequest = z.input<typeof patchTaskRuleRequest>;

function differentPeople(v: { assignee?: string | null; backup?: string | null }, ctx: z.RefinementCtx) {
  if (v.assignee && v.backup && v.assignee === v.backup)
    ctx.addIssue({ code: 'custom', path: ['backup'], message: 'Choose a backup other than the assignee.' });
}
export type CreateTaskRuleRequest = z.input<typeof createTaskRuleRequest>;

const named = z.object({ guid, name: z.string() });

export const taskRule = z.object({
  guid,
  name: z.string(),
  task_type: z.enum(TASK_TYPE_VALUES),
  frequency: z.enum(REPORT_REMINDER_FREQUENCY_VALUES),
  due_business_days: z.number().int(),
  start_date: z.string(),
  client: named,
  entity: named.nullable(),
  account: named.nullable(),
  assignee: personRef.nullable(),
  backup: personRef.nullable(),
  is_archived: z.boolean(),
  created_on: z.string(),
});
export type TaskRule = z.infer<typeof taskRule>;
export const taskRuleList = paged(taskRule);
export const taskRuleListQuery = pageQuery.extend({
  archived: queryFlag.optional(),
  /** Client guid; all-clients (or none) for every client. */
  client: z.union([guid, z.literal('all-clients')]).optional(),
});
export type TaskRuleListQuery = z.infer<typeof taskRuleListQuery>;

/** The columns of the import files, in the order the template shows them. */
export const TASK_RULE_IMPORT_COLUMNS = [
  'client',
  'name',
  'task_type',
  'frequency',
  'due_business_days',
  'start_date',
  'entity',
  'account',
  'assignee',
  'backup',
] as const;
export const TASK_RULE_IMPORT_REQUIRED = [
  'client',
  'name',
  'task_type',
  'frequency',
  'due_business_days',
  'start_date',
] as const;
export const TASK_IMPORT_COLUMNS = [
  'client',
  'title',
  'task_type',
  'due_date',
  'status',
  'assignee',
  'backup',
] as const;
export const TASK_IMPORT_REQUIRED = ['client', 'title', 'task_type', 'due_date'] as const;

/** A CSV file's text (UTF-8, a header row first). */
export const csvImportRequest = z
  .object({
    csv: z
      .string('Send the CSV file as text.')
      .min(1, 'The file is empty.')
      .max(1_000_000, 'The file is over 1 MB.'),
  })
  .strict();

/** Each data row's result: its line number in the file, ok or its messages by column. */
export const csvImportResult = z.object({
  /** How many rows were saved: all of them, or 0 when any row has a problem. */
  imported: z.number().int(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      ok: z.boolean(),
      errors: z.record(z.string(), z.array(z.string())),
    }),
  ),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;
