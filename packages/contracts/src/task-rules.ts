/**
 * Task rules and CSV imports (issue 14). Rules raise a task of a type every period for a scope
 * (client, entity, account): /v1/reports/clients/{clientGuid}/task-rules. Tasks and task rules import
 * from CSV (…/tasks/import, …/task-rules/import): every row is checked; all rows are saved or none.
 */
import { MAX_DUE_BUSINESS_DAYS, REPORT_REMINDER_FREQUENCY_VALUES, TASK_TYPE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { queryFlag } from './entities.ts';
import { choice, requiredText } from './fields.ts';
import { personRef } from './person-ref.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const createTaskRuleRequest = z
  .object({
    name: requiredText(200),
    task_type: choice(TASK_TYPE_VALUES),
    frequency: choice(REPORT_REMINDER_FREQUENCY_VALUES),
    due_business_days: z
      .number('Enter a number of business days.')
      .int('Enter a whole number of business days.')
      .min(0, `Enter a number from 0 to ${MAX_DUE_BUSINESS_DAYS}.`)
      .max(MAX_DUE_BUSINESS_DAYS, `Enter a number from 0 to ${MAX_DUE_BUSINESS_DAYS}.`),
    start_date: isoDate,
    entity: guid.nullable().optional(),
    /** An account of the entity (needs the entity). */
    account: guid.nullable().optional(),
    assignee: guid.nullable().optional(),
    backup: guid.nullable().optional(),
  })
  .strict();
export type CreateTaskRuleRequest = z.input<typeof createTaskRuleRequest>;

export const taskRule = z.object({
  guid,
  name: z.string(),
  task_type: z.enum(TASK_TYPE_VALUES),
  frequency: z.enum(REPORT_REMINDER_FREQUENCY_VALUES),
  due_business_days: z.number().int(),
  start_date: z.string(),
  entity: guid.nullable(),
  account: guid.nullable(),
  assignee: personRef.nullable(),
  backup: personRef.nullable(),
  is_archived: z.boolean(),
  created_on: z.string(),
});
export type TaskRule = z.infer<typeof taskRule>;
export const taskRuleList = paged(taskRule);
export const taskRuleListQuery = pageQuery.extend({ archived: queryFlag.optional() });

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
