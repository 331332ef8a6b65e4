import {
  type CsvImportResult,
  TASK_IMPORT_REQUIRED,
  TASK_RULE_IMPORT_REQUIRED,
  taskRuleRowRequest,
} from '@bp/contracts';
import { TASK_STATUS_VALUES, TASK_TYPE_VALUES } from '@bp/domain';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { clientList } from '../clients/index.ts';
import { entityList } from '../entities/index.ts';
import { changeWorkflowTask, openWorkflowTask } from '../tasks/index.ts';
import { staffByEmail } from './staff.ts';
import { accountOfEntity, insertRules, type TaskRuleValues } from './task-rules.ts';

type Row = Record<string, string>;
type Errors = Record<string, string[]>;

/** The file's data rows keyed by lower-case header; a file that is not CSV is a 400 on `csv`. */
function rowsOf(csv: string, required: readonly string[]): Row[] {
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

/** Context shared by every row of one file: the organisation's staff, clients and their entities. */
async function contextOf(db: DbOrTx, organizationId: number) {
  const staff = await staffByEmail(db, organizationId);
  const clients = await db
    .select({ id: clientList.id, guid: clientList.guid, name: clientList.name })
    .from(clientList)
    .where(eq(clientList.organizationId, organizationId));
  const entities = clients.length
    ? await db
        .select({ id: entityList.id, clientId: entityList.clientId, nickname: entityList.nickname })
        .from(entityList)
        .where(
          inArray(
            entityList.clientId,
            clients.map((c) => c.id),
          ),
        )
    : [];
  return { staff, clients, entities };
}

type Context = Awaited<ReturnType<typeof contextOf>>;

/** The row's client by name (case-insensitive); two clients of one name are named by guid instead. */
function clientOf(ctx: Context, row: Row, errors: Errors) {
  const name = row.client?.toLowerCase();
  if (!name) {
    add(errors, 'client', 'This field is required.');
    return null;
  }
  const matches = ctx.clients.filter((c) => c.name.toLowerCase() === name || c.guid === name);
  if (matches.length > 1) add(errors, 'client', 'More than one client has this name: give its guid.');
  else if (matches.length === 0) add(errors, 'client', 'The organization has no client by this name.');
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

function person(ctx: Context, row: Row, field: string, errors: Errors) {
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
export async function importTaskRules(db: Db, organizationId: number, actor: AuditActor, csv: string) {
  const rows = rowsOf(csv, TASK_RULE_IMPORT_REQUIRED);
  return db.transaction(async (tx) => {
    const ctx = await contextOf(tx, organizationId);
    const checked: { errors: Errors; values: TaskRuleValues | null }[] = [];
    for (const row of rows) {
      const errors: Errors = {};
      const client = clientOf(ctx, row, errors);
      const parsed = taskRuleRowRequest.safeParse({
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
      if (row.entity && client) {
        entityId =
          ctx.entities.find(
            (e) => e.clientId === client.id && e.nickname.toLowerCase() === row.entity?.toLowerCase(),
          )?.id ?? null;
        if (entityId === null) add(errors, 'entity', 'The client has no entity by this name.');
      }
      let accountId: number | null = null;
      if (row.account) {
        accountId = entityId === null ? null : await accountOfEntity(tx, entityId, { name: row.account });
        if (accountId === null) add(errors, 'account', 'The entity has no account by this name.');
      }
      const assignee = person(ctx, row, 'assignee', errors);
      const backup = person(ctx, row, 'backup', errors);
      if (assignee !== null && assignee === backup)
        add(errors, 'backup', 'Choose a backup other than the assignee.');
      checked.push({
        errors,
        values:
          parsed.success && client && Object.keys(errors).length === 0
            ? {
                organizationId,
                clientId: client.id,
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
export async function importTasks(db: Db, organizationId: number, actor: AuditActor, csv: string, now: Date) {
  const rows = rowsOf(csv, TASK_IMPORT_REQUIRED);
  return db.transaction(async (tx) => {
    const ctx = await contextOf(tx, organizationId);
    const checked = rows.map((row) => {
      const errors: Errors = {};
      const client = clientOf(ctx, row, errors);
      const parsed = taskRow.safeParse({
        title: row.title,
        task_type: row.task_type,
        due_date: row.due_date,
        status: row.status || undefined,
      });
      if (!parsed.success) issuesOf(parsed.error, errors);
      const assignee = person(ctx, row, 'assignee', errors);
      const backup = person(ctx, row, 'backup', errors);
      if (assignee !== null && assignee === backup)
        add(errors, 'backup', 'Choose a backup other than the assignee.');
      return { errors, parsed: parsed.success ? parsed.data : null, client, assignee, backup };
    });
    const ok = checked.every((c) => c.parsed !== null && c.client && Object.keys(c.errors).length === 0);
    if (ok) {
      for (const c of checked) {
        if (!c.parsed || !c.client) continue;
        const id = await openWorkflowTask(tx, {
          organizationId,
          clientId: c.client.id,
          type: c.parsed.task_type,
          title: c.parsed.title,
          dueDate: c.parsed.due_date,
          assignedOrganizationUserId: c.assignee,
          backupOrganizationUserId: c.backup,
        });
        if (c.parsed.status !== 'ready')
          await changeWorkflowTask(tx, id, { status: c.parsed.status }, { userId: actor.actorUserId, now });
      }
      // One audit record per client the file touched, saying how many of its tasks it brought.
      const perClient = new Map<number, { guid: string; n: number }>();
      for (const c of checked) {
        if (!c.client) continue;
        const seen = perClient.get(c.client.id) ?? { guid: c.client.guid, n: 0 };
        perClient.set(c.client.id, { ...seen, n: seen.n + 1 });
      }
      for (const [clientId, { guid, n }] of perClient) {
        await recordAudit(tx, actor, {
          action: 'tasks_imported',
          objectType: 'client',
          objectGuid: guid,
          organizationId,
          clientId,
          changes: { tasks: { before: null, after: n } },
        });
      }
    }
    return resultOf(checked, ok);
  });
}
