import type { BookTemplate, JournalEntry, StepResult } from '@bp/contracts';
import {
  createTemplateGroupRequest,
  createTemplateRequest,
  patchTemplateRequest,
  runTemplateGroupRequest,
  runTemplateRequest,
} from '@bp/contracts';
import { percentToBp } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import { diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError, ValidationError } from '../../platform/domain-errors.ts';
import { readTogether } from '../../platform/read-together.ts';
import { divisionList } from '../entities/index.ts';
import { insertEntry } from './entries.ts';
import { conflict, notFound, refused, underLedgerRules } from './errors.ts';
import { presentEntries } from './journals.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, bookTemplateGroups, bookTemplates, journalEntries } from './tables.ts';

type TemplateRow = typeof bookTemplates.$inferSelect;
/** A line as stored: the request's line (accounts and divisions by guid). */
type StoredLine = {
  account: string;
  division?: string | null;
  side: 'debit' | 'credit';
  amount?: number | null;
  percent?: number | null;
  memo?: string | null;
};

const sourceIdOf = (templateGuid: string, month: string) => `template:${templateGuid}:${month}`;

/** The entry date of a run: the template's day of the month, or the month's last day. */
export function runDate(month: string, dayOfMonth: number | null): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(dayOfMonth ?? last).padStart(2, '0')}`;
}

/**
 * The signed cents of each line for a base amount: fixed lines as they are, percentage lines their
 * share of the base rounded to the cent. Whether they balance is the ledger's check (an unbalanced
 * template is refused at save for its own base amount, and at run for another).
 */
export function templateAmounts(lines: StoredLine[], base: number | null): number[] {
  return lines.map((l) => {
    const cents =
      l.amount != null
        ? l.amount
        : base === null
          ? Number.NaN
          : Math.round((base * percentToBp(l.percent ?? 0)) / 10_000);
    return l.side === 'debit' ? cents : -cents;
  });
}

async function resolveLines(db: DbOrTx, entityId: number, lines: StoredLine[]) {
  const [accounts, divisions] = await readTogether(db, [
    () =>
      db
        .select({
          id: bookAccounts.id,
          guid: bookAccounts.guid,
          number: bookAccounts.number,
          name: bookAccounts.name,
          active: bookAccounts.isActive,
        })
        .from(bookAccounts)
        .where(
          and(
            eq(bookAccounts.entityId, entityId),
            inArray(
              bookAccounts.guid,
              lines.map((l) => l.account),
            ),
          ),
        ),
    () =>
      db
        .select({ id: divisionList.id, guid: divisionList.guid })
        .from(divisionList)
        .where(
          and(
            eq(divisionList.entityId, entityId),
            inArray(divisionList.guid, [
              ...lines.flatMap((l) => (l.division ? [l.division] : [])),
              '00000000-0000-4000-8000-000000000000',
            ]),
          ),
        ),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.guid, a]));
  const divisionOf = new Map(divisions.map((d) => [d.guid, d.id]));
  const errors: Record<string, string[]> = {};
  const resolved = lines.map((l, i) => {
    const account = accountOf.get(l.account);
    if (!account) errors[`lines.${i}.account`] = ['Choose an account of this entity.'];
    else if (!account.active) errors[`lines.${i}.account`] = ['This account is inactive.'];
    const divisionId = l.division ? divisionOf.get(l.division) : null;
    if (divisionId === undefined) errors[`lines.${i}.division`] = ['Choose a division of this entity.'];
    return { account, divisionId: divisionId ?? null };
  });
  return { resolved, errors, accountOf };
}

/** Checks a template's lines at save: accounts of the entity, and balanced for its own base amount. */
async function checkTemplate(db: DbOrTx, entityId: number, lines: StoredLine[], base: number | null) {
  const { errors } = await resolveLines(db, entityId, lines);
  if (lines.some((l) => l.percent != null) && base === null)
    errors.base_amount = ['Enter the base amount the percentages are of.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const sum = templateAmounts(lines, base).reduce((s, a) => s + a, 0);
  if (sum !== 0) throw new ValidationError({ lines: ['Debits must equal credits.'] });
}

async function presentTemplates(db: DbOrTx, entityId: number, rows: TemplateRow[]): Promise<BookTemplate[]> {
  if (rows.length === 0) return [];
  const lines = rows.flatMap((r) => r.lines as StoredLine[]);
  const [{ accountOf }, groups, runs] = await readTogether(db, [
    () => resolveLines(db, entityId, lines),
    () => db.select().from(bookTemplateGroups).where(eq(bookTemplateGroups.entityId, entityId)),
    () =>
      db
        .select({ sourceId: journalEntries.sourceId, guid: journalEntries.guid })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.entityId, entityId),
            eq(journalEntries.source, 'template'),
            eq(journalEntries.kind, 'template'),
          ),
        )
        .orderBy(desc(journalEntries.entryDate)),
  ]);
  const groupOf = new Map(groups.map((g) => [g.id, { guid: g.guid, name: g.name }]));
  return rows.map((row) => ({
    guid: row.guid,
    name: row.name,
    memo: row.memo,
    group: row.groupId === null ? null : (groupOf.get(row.groupId) ?? null),
    base_amount: row.baseAmount,
    day_of_month: row.dayOfMonth,
    lines: (row.lines as StoredLine[]).map((l) => {
      const a = accountOf.get(l.account);
      return {
        account: { guid: l.account, number: a?.number ?? null, name: a?.name ?? '(deleted account)' },
        division: l.division ?? null,
        side: l.side,
        amount: l.amount ?? null,
        percent: l.percent ?? null,
        memo: l.memo ?? null,
      };
    }),
    is_active: row.isActive,
    runs: runs
      .filter((r) => r.sourceId?.startsWith(`template:${row.guid}:`))
      .slice(0, 24)
      .map((r) => ({ month: (r.sourceId ?? '').slice(-7), entry: r.guid })),
    created_on: row.createdAt.toISOString(),
  }));
}

export async function listTemplates(db: Db, scope: BooksScope) {
  const rows = await db
    .select()
    .from(bookTemplates)
    .where(eq(bookTemplates.entityId, scope.entityId))
    .orderBy(asc(bookTemplates.name), asc(bookTemplates.id));
  return { results: await presentTemplates(db, scope.entityId, rows) };
}

async function groupIdOf(db: DbOrTx, scope: BooksScope, guid: string | null | undefined) {
  if (!guid) return null;
  const [g] = await db
    .select({ id: bookTemplateGroups.id })
    .from(bookTemplateGroups)
    .where(and(eq(bookTemplateGroups.guid, guid), eq(bookTemplateGroups.entityId, scope.entityId)));
  if (!g) throw new ValidationError({ group: ['Choose a template group of this entity.'] });
  return g.id;
}

const audit = (scope: BooksScope, action: string, objectType: string, guid: string, changes = {}) => ({
  action,
  objectType,
  objectGuid: guid,
  organizationId: scope.organizationId,
  clientId: scope.clientId,
  changes,
});

export async function createTemplate(db: Db, scope: BooksScope, input: unknown): Promise<BookTemplate> {
  const body = createTemplateRequest.parse(input);
  await checkTemplate(db, scope.entityId, body.lines, body.base_amount ?? null);
  const groupId = await groupIdOf(db, scope, body.group);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookTemplates)
      .values({
        entityId: scope.entityId,
        groupId,
        name: body.name,
        memo: body.memo ?? null,
        baseAmount: body.base_amount ?? null,
        dayOfMonth: body.day_of_month ?? null,
        lines: body.lines,
        isActive: body.is_active ?? true,
      })
      .returning();
    if (!row) throw new Error('template not inserted');
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_template_created', 'book_template', row.guid, {
        name: { before: null, after: row.name },
      }),
    );
    const [shown] = await presentTemplates(tx, scope.entityId, [row]);
    if (!shown) throw notFound();
    return shown;
  });
}

async function lockTemplate(tx: DbOrTx, scope: BooksScope, guid: string) {
  const [row] = await tx
    .select()
    .from(bookTemplates)
    .where(and(eq(bookTemplates.guid, guid), eq(bookTemplates.entityId, scope.entityId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function patchTemplate(
  db: Db,
  scope: BooksScope,
  guid: string,
  input: unknown,
): Promise<BookTemplate> {
  const body = patchTemplateRequest.parse(input);
  return db.transaction(async (tx) => {
    const row = await lockTemplate(tx, scope, guid);
    const next = {
      name: body.name ?? row.name,
      memo: body.memo === undefined ? row.memo : body.memo,
      groupId: body.group === undefined ? row.groupId : await groupIdOf(tx, scope, body.group),
      baseAmount: body.base_amount === undefined ? row.baseAmount : body.base_amount,
      dayOfMonth: body.day_of_month === undefined ? row.dayOfMonth : body.day_of_month,
      lines: (body.lines ?? row.lines) as StoredLine[],
      isActive: body.is_active ?? row.isActive,
    };
    await checkTemplate(tx, scope.entityId, next.lines, next.baseAmount);
    const [updated] = await tx
      .update(bookTemplates)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(bookTemplates.id, row.id))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_template_changed', 'book_template', row.guid, diffFields({ ...row }, { ...next })),
    );
    const [shown] = await presentTemplates(tx, scope.entityId, [updated]);
    if (!shown) throw notFound();
    return shown;
  });
}

export async function deleteTemplate(db: Db, scope: BooksScope, guid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTemplate(tx, scope, guid);
    await tx.delete(bookTemplates).where(eq(bookTemplates.id, row.id));
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_template_deleted', 'book_template', row.guid, {
        name: { before: row.name, after: null },
      }),
    );
  });
}

/**
 * Posts a template for a month in the caller's transaction. Exactly once per template and month: the
 * entry's source id is the template and month, unique in the ledger (journal_entries_source_key), so a
 * second run (or two at once) is refused with 409 template_already_run.
 */
export async function runTemplateIn(
  tx: DbOrTx,
  scope: BooksScope,
  row: TemplateRow,
  month: string,
  baseOverride: number | null,
  now: Date,
) {
  const sourceId = sourceIdOf(row.guid, month);
  const [already] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.source, 'template'),
        eq(journalEntries.sourceId, sourceId),
        eq(journalEntries.kind, 'template'),
      ),
    );
  if (already) throw conflict(`"${row.name}" has already posted for ${month}.`, 'template_already_run');
  if (!row.isActive) throw conflict(`"${row.name}" is inactive.`, 'template_inactive');
  const lines = row.lines as StoredLine[];
  const base = baseOverride ?? row.baseAmount;
  if (lines.some((l) => l.percent != null) && base === null)
    throw new ValidationError({ base_amount: ['Enter the base amount the percentages are of.'] });
  const { resolved, errors } = await resolveLines(tx, scope.entityId, lines);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const amounts = templateAmounts(lines, base);
  return insertEntry(tx, {
    entityId: scope.entityId,
    date: runDate(month, row.dayOfMonth),
    memo: row.memo ?? row.name,
    source: 'template',
    sourceId,
    kind: 'template',
    status: 'posted',
    createdBy: scope.userId,
    now,
    lines: lines.map((l, i) => ({
      accountId: resolved[i]?.account?.id ?? 0,
      amount: amounts[i] ?? 0,
      divisionId: resolved[i]?.divisionId ?? null,
      memo: l.memo ?? null,
    })),
  });
}

export async function runTemplate(
  db: Db,
  scope: BooksScope,
  guid: string,
  input: unknown,
  now: Date,
): Promise<JournalEntry> {
  const body = runTemplateRequest.parse(input);
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const row = await lockTemplate(tx, scope, guid);
      const entry = await runTemplateIn(tx, scope, row, body.month, body.base_amount ?? null, now);
      await recordAudit(
        tx,
        scope.actor,
        audit(scope, 'book_template_run', 'book_template', row.guid, {
          month: { before: null, after: body.month },
        }),
      );
      const [shown] = await presentEntries(tx, [entry]);
      if (!shown) throw notFound();
      return shown;
    }),
  );
}

/** A step's failure as a result line (a refusal's message, or the first field message). */
export function failureOf(error: unknown): string {
  const refusal = error instanceof DomainError ? error : null;
  if (refusal) return refusal.detail;
  if (error instanceof ValidationError) {
    const [field, messages] = Object.entries(error.fields)[0] ?? ['', []];
    return `${field}: ${messages[0] ?? 'invalid'}`;
  }
  if (error instanceof z.ZodError) return error.issues[0]?.message ?? 'invalid';
  throw error;
}

/**
 * Runs each active template of a group for a month, each in its own transaction so one refusal (a
 * closed month, a template already run) does not stop the others: a result per template.
 */
export async function runTemplatesFor(
  db: Db,
  scope: BooksScope,
  rows: TemplateRow[],
  month: string,
  now: Date,
) {
  const results: StepResult[] = [];
  for (const row of rows) {
    try {
      const entry = await underLedgerRules(() =>
        db.transaction(async (tx) => {
          const locked = await lockTemplate(tx, scope, row.guid);
          const posted = await runTemplateIn(tx, scope, locked, month, null, now);
          await recordAudit(
            tx,
            scope.actor,
            audit(scope, 'book_template_run', 'book_template', row.guid, {
              month: { before: null, after: month },
            }),
          );
          return posted;
        }),
      );
      results.push({
        kind: 'template',
        name: row.name,
        status: 'done',
        message: `Posted for ${month}.`,
        entries: [entry.guid],
        batch: null,
      });
    } catch (error) {
      const already = error instanceof DomainError && error.code === 'template_already_run';
      results.push({
        kind: 'template',
        name: row.name,
        status: already ? 'skipped' : 'failed',
        message: failureOf(error),
        entries: [],
        batch: null,
      });
    }
  }
  return results;
}

export async function groupTemplates(db: DbOrTx, scope: BooksScope, groupGuid: string) {
  const [group] = await db
    .select()
    .from(bookTemplateGroups)
    .where(and(eq(bookTemplateGroups.guid, groupGuid), eq(bookTemplateGroups.entityId, scope.entityId)));
  if (!group) throw notFound();
  const rows = await db
    .select()
    .from(bookTemplates)
    .where(and(eq(bookTemplates.groupId, group.id), eq(bookTemplates.isActive, true)))
    .orderBy(asc(bookTemplates.name), asc(bookTemplates.id));
  return { group, rows };
}

export async function runTemplateGroup(
  db: Db,
  scope: BooksScope,
  groupGuid: string,
  input: unknown,
  now: Date,
) {
  const body = runTemplateGroupRequest.parse(input);
  const { rows } = await groupTemplates(db, scope, groupGuid);
  if (rows.length === 0)
    throw refused('invalid', 'template_group_empty', 'This group has no active templates.');
  return { results: await runTemplatesFor(db, scope, rows, body.month, now) };
}

export async function listTemplateGroups(db: Db, scope: BooksScope) {
  const rows = await db
    .select({
      guid: bookTemplateGroups.guid,
      name: bookTemplateGroups.name,
      templates: count(bookTemplates.id),
    })
    .from(bookTemplateGroups)
    .leftJoin(bookTemplates, eq(bookTemplates.groupId, bookTemplateGroups.id))
    .where(eq(bookTemplateGroups.entityId, scope.entityId))
    .groupBy(bookTemplateGroups.id)
    .orderBy(asc(bookTemplateGroups.name));
  return { results: rows };
}

export async function createTemplateGroup(db: Db, scope: BooksScope, input: unknown) {
  const body = createTemplateGroupRequest.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookTemplateGroups)
      .values({ entityId: scope.entityId, name: body.name })
      .returning();
    if (!row) throw new Error('group not inserted');
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_template_group_created', 'book_template_group', row.guid, {
        name: { before: null, after: row.name },
      }),
    );
    return { guid: row.guid, name: row.name, templates: 0 };
  });
}

export async function deleteTemplateGroup(db: Db, scope: BooksScope, groupGuid: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bookTemplateGroups)
      .where(and(eq(bookTemplateGroups.guid, groupGuid), eq(bookTemplateGroups.entityId, scope.entityId)))
      .for('update');
    if (!row) throw notFound();
    await tx.delete(bookTemplateGroups).where(eq(bookTemplateGroups.id, row.id));
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_template_group_deleted', 'book_template_group', row.guid, {
        name: { before: row.name, after: null },
      }),
    );
  });
}

/** Template rows of the entity by guid (pipelines). */
export async function templateByGuid(db: DbOrTx, scope: BooksScope, guid: string) {
  const [row] = await db
    .select()
    .from(bookTemplates)
    .where(and(eq(bookTemplates.guid, guid), eq(bookTemplates.entityId, scope.entityId)));
  return row ?? null;
}

export const templateSourcePrefix = (guid: string) => like(journalEntries.sourceId, `template:${guid}:%`);
