import { type CsvImportResult, createTaskRuleRequest } from '@bp/contracts';
import { TASK_STATUS_VALUES, TASK_TYPE_VALUES } from '@bp/domain';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { entityList } from '../entities/index.ts';
import { changeWorkflowTask, openWorkflowTask } from '../tasks/index.ts';
import { staffByEmail } from './staff.ts';
import { accountOfEntity, insertRules, type TaskRuleValues } from './task-rules.ts';

type Row = Record<string, string>;
type Errors = Record<string, string[]>;

/** The file's data rows keyed by lower-case header; a file that is not CSV is a 400 on `csv`. */
function rowsOf(csv: string, required: string[]): Row[] {
  let rows: Row[];
  try {
    rows = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch (error) {
    throw new ValidationError({ csv: [`The file is not valid CSV: ${(error as Error).message}`] });
  }
  const first = rows[0];
  if (!first) throw new ValidationError({ csv: ['The file has no rows under its header.'] });
  const missing = required.filter((c) => !(c in first));
  if (missing.length) throw new ValidationError({ csv: [`Missing columns: ${missing.join(', ')}.`] });
  if (rows.length > 1000) throw new ValidationError({ csv: ['Import at most 1,000 rows at a time.'] });
  return rows;
}

function add(errors: Errors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/** Context shared by every row of one file. */
async function contextOf(db: DbOrTx, scope: ClientScope) {
  const staff = await staffByEmail(db, scope.organizationId);
  const entities = await db
    .select({ id: entityList.id, nickname: entityList.nickname })
    .from(entityList)
    .where(eq(entityList.clientId, scope.id));
  return { staff, entities };
}

function person(ctx: Awaited<ReturnType<typeof contextOf>>, row: Row, field: string, errors: Errors) {
  const email = row[field]?.toLowerCase();
  if (!email) return null;
  const id = ctx.staff.get(email);
  if (id === undefined) add(errors, field, 'No active staff member has this e-mail.');
  return id ?? null;
}

function issuesOf(error: z.ZodError, errors: Errors) {
  for (const issue of error.issues) add(errors, String(issue.path[0] ?? 'row'), issue.message);
}

function resultOf(checked: { errors: Errors }[], saved: boolean): CsvImportResult {
  return {
    imported: saved ? checked.length : 0,
    // Line 1 is the header: the first data row is line 2.
    rows: checked.map((c, i) => ({ line: i + 2, ok: Object.keys(c.errors).length === 0, errors: c.errors })),
  };
}

/** Imports task rules: every row is checked; when all are right all are saved, in one transaction, else none. */
export async function importTaskRules(db: Db, scope: ClientScope, actor: AuditActor, csv: string) {
  const rows = rowsOf(csv, ['name', 'task_type', 'frequency', 'due_business_days', 'start_date']);
  return db.transaction(async (tx) => {
    const ctx = await contextOf(tx, scope);
    const checked: { errors: Errors; values: TaskRuleValues | null }[] = [];
    for (const row of rows) {
      const errors: Errors = {};
      const parsed = createTaskRuleRequest.safeParse({
        name: row.name ?? '',
        task_type: row.task_type,
        frequency: row.frequency,
        due_business_days: /^\d+$/.test(row.due_business_days ?? '')
          ? Number(row.due_business_days)
          : row.due_business_days,
        start_date: row.start_date,
      });
      if (!parsed.success) issuesOf(parsed.error, errors);
      let entityId: number | null = null;
      if (row.entity) {
        entityId =
          ctx.entities.find((e) => e.nickname.toLowerCase() === row.entity?.toLowerCase())?.id ?? null;
        if (entityId === null) add(errors, 'entity', 'The client has no entity by this name.');
      }
      let accountId: number | null = null;
      if (row.account) {
        accountId = entityId === null ? null : await accountOfEntity(tx, entityId, { name: row.account });
        if (accountId === null) add(errors, 'account', 'The entity has no account by this name.');
      }
      const assignee = person(ctx, row, 'assignee', errors);
      const backup = person(ctx, row, 'backup', errors);
      checked.push({
        errors,
        values:
          parsed.success && Object.keys(errors).length === 0
            ? {
                organizationId: scope.organizationId,
                clientId: scope.id,
                entityId,
                accountId,
                name: parsed.data.name,
                taskType: parsed.data.task_type,
                frequency: parsed.data.frequency,
                dueBusinessDays: parsed.data.due_business_days,
                startDate: parsed.data.start_date,
                assigneeOrganizationUserId: assignee,
                backupOrganizationUserId: backup,
              }
            : null,
      });
    }
    const ok = checked.every((c) => c.values !== null);
    if (ok)
      await insertRules(
        tx,
        actor,
        checked.map((c) => c.values as TaskRuleValues),
      );
    return resultOf(checked, ok);
  });
}

const taskRow = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(500, 'Ensure this field has no more than 500 characters.'),
  task_type: z.enum(TASK_TYPE_VALUES, `Choose one of: ${TASK_TYPE_VALUES.join(', ')}.`),
  due_date: z.iso.date('Enter a date as YYYY-MM-DD.'),
  status: z.enum(TASK_STATUS_VALUES, `Choose one of: ${TASK_STATUS_VALUES.join(', ')}.`).default('ready'),
});

/** Imports one-off tasks: all rows or none, each row's result answered. */
export async function importTasks(db: Db, scope: ClientScope, actor: AuditActor, csv: string, now: Date) {
  const rows = rowsOf(csv, ['title', 'task_type', 'due_date']);
  return db.transaction(async (tx) => {
    const ctx = await contextOf(tx, scope);
    const checked = rows.map((row) => {
      const errors: Errors = {};
      const parsed = taskRow.safeParse({ ...row, status: row.status || undefined });
      if (!parsed.success) issuesOf(parsed.error, errors);
      const assignee = person(ctx, row, 'assignee', errors);
      const backup = person(ctx, row, 'backup', errors);
      return { errors, parsed: parsed.success ? parsed.data : null, assignee, backup };
    });
    const ok = checked.every((c) => c.parsed !== null && Object.keys(c.errors).length === 0);
    if (ok) {
      for (const c of checked) {
        if (!c.parsed) continue;
        const id = await openWorkflowTask(tx, {
          organizationId: scope.organizationId,
          clientId: scope.id,
          type: c.parsed.task_type,
          title: c.parsed.title,
          dueDate: c.parsed.due_date,
          assignedOrganizationUserId: c.assignee,
          backupOrganizationUserId: c.backup,
        });
        if (c.parsed.status !== 'ready')
          await changeWorkflowTask(tx, id, { status: c.parsed.status }, { userId: actor.actorUserId, now });
      }
      await recordAudit(tx, actor, {
        action: 'tasks_imported',
        objectType: 'client',
        objectGuid: scope.guid,
        organizationId: scope.organizationId,
        clientId: scope.id,
        changes: { tasks: { before: null, after: checked.length } },
      });
    }
    return resultOf(checked, ok);
  });
}
