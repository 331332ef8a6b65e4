import type { CreateJournalRequest, JournalEntry } from '@bp/contracts';
import { createJournalRequest, reverseJournalRequest } from '@bp/contracts';
import type { JournalSource, JournalStatus } from '@bp/domain';
import { signedAmount } from '@bp/domain';
import { and, asc, count, desc, eq, exists, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { readTogether } from '../../platform/read-together.ts';
import { propertyRows } from '../client-records/index.ts';
import { divisionList } from '../entities/index.ts';
import { entityDivisionsByGuid } from './entity-divisions.ts';
import {
  assertPostable,
  type EntryRow,
  insertEntry,
  insertReversal,
  isPeriodClosed,
  lockEntry,
  periodClosed,
} from './entries.ts';
import { conflict, notFound, underLedgerRules } from './errors.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, journalEntries, journalLines } from './tables.ts';

/** Entries as the API shows them, lines in order, each with its account and division. */
export async function presentEntries(db: DbOrTx, rows: EntryRow[]): Promise<JournalEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const original = alias(journalEntries, 'original');
  const reversal = alias(journalEntries, 'reversal');
  const [lines, originals, reversals] = await readTogether(db, [
    () =>
      db
        .select({
          entryId: journalLines.entryId,
          amount: journalLines.amount,
          memo: journalLines.memo,
          account: { guid: bookAccounts.guid, number: bookAccounts.number, name: bookAccounts.name },
          division: divisionList.guid,
          property: propertyRows.guid,
        })
        .from(journalLines)
        .innerJoin(bookAccounts, eq(bookAccounts.id, journalLines.accountId))
        .leftJoin(divisionList, eq(divisionList.id, journalLines.divisionId))
        .leftJoin(propertyRows, eq(propertyRows.id, journalLines.propertyId))
        .where(inArray(journalLines.entryId, ids))
        .orderBy(asc(journalLines.entryId), asc(journalLines.lineNo)),
    () =>
      db
        .select({ id: original.id, guid: original.guid })
        .from(original)
        .where(
          inArray(
            original.id,
            rows.map((r) => r.reversalOf ?? 0),
          ),
        ),
    () =>
      db
        .select({ of: reversal.reversalOf, guid: reversal.guid })
        .from(reversal)
        .where(inArray(reversal.reversalOf, ids)),
  ]);
  const originalGuid = new Map(originals.map((o) => [o.id, o.guid]));
  const reversedBy = new Map(reversals.map((r) => [r.of, r.guid]));
  return rows.map((row) => {
    const own = lines.filter((l) => l.entryId === row.id);
    return {
      guid: row.guid,
      date: row.entryDate,
      memo: row.memo,
      source: row.source,
      source_id: row.sourceId,
      kind: row.kind,
      status: row.status,
      reversal_of: row.reversalOf === null ? null : (originalGuid.get(row.reversalOf) ?? null),
      reversed_by: reversedBy.get(row.id) ?? null,
      total: own.reduce((sum, l) => sum + Math.max(l.amount, 0), 0),
      lines: own.map((l) => ({
        account: l.account,
        debit: Math.max(l.amount, 0),
        credit: Math.max(-l.amount, 0),
        division: l.division,
        property: l.property,
        memo: l.memo,
      })),
      posted_at: row.postedAt?.toISOString() ?? null,
      created_on: row.createdAt.toISOString(),
    };
  });
}

async function presentOne(db: DbOrTx, row: EntryRow): Promise<JournalEntry> {
  const [entry] = await presentEntries(db, [row]);
  if (!entry) throw notFound();
  return entry;
}

export async function getJournal(db: Db, scope: BooksScope, entryGuid: string): Promise<JournalEntry> {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.guid, entryGuid), eq(journalEntries.entityId, scope.entityId)));
  if (!row) throw notFound();
  return presentOne(db, row);
}

export async function listJournals(
  db: Db,
  scope: BooksScope,
  query: {
    page: number;
    page_size: number;
    status?: JournalStatus | undefined;
    source?: JournalSource | undefined;
    account?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const where: SQL[] = [eq(journalEntries.entityId, scope.entityId)];
  if (query.status) where.push(eq(journalEntries.status, query.status));
  if (query.source) where.push(eq(journalEntries.source, query.source));
  if (query.from) where.push(gte(journalEntries.entryDate, query.from));
  if (query.to) where.push(lte(journalEntries.entryDate, query.to));
  if (query.account) {
    where.push(
      exists(
        db
          .select({ one: journalLines.id })
          .from(journalLines)
          .innerJoin(bookAccounts, eq(bookAccounts.id, journalLines.accountId))
          .where(and(eq(journalLines.entryId, journalEntries.id), eq(bookAccounts.guid, query.account))),
      ),
    );
  }
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(journalEntries)
      .where(and(...where))
      .orderBy(desc(journalEntries.entryDate), desc(journalEntries.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(journalEntries)
      .where(and(...where)),
  ]);
  return { count: total?.n ?? 0, results: await presentEntries(db, rows) };
}

/** A client's properties by guid → id (lines name the property an amount is for). */
export async function propertyIdsOf(
  db: DbOrTx,
  clientId: number,
  guids: string[],
): Promise<Map<string, number>> {
  if (guids.length === 0) return new Map();
  const rows = await db
    .select({ id: propertyRows.id, guid: propertyRows.guid })
    .from(propertyRows)
    .where(and(eq(propertyRows.clientId, clientId), inArray(propertyRows.guid, [...new Set(guids)])));
  return new Map(rows.map((r) => [r.guid, r.id]));
}

/** Account and division guids of the request → the entity's ids; unknown ones are field errors. */
async function resolveLines(
  db: DbOrTx,
  scope: BooksScope,
  lines: ReturnType<typeof createJournalRequest.parse>['lines'],
) {
  const accountGuids = [...new Set(lines.map((l) => l.account))];
  const divisionGuids = [...new Set(lines.flatMap((l) => (l.division ? [l.division] : [])))];
  const propertyOf = await propertyIdsOf(
    db,
    scope.clientId,
    lines.flatMap((l) => (l.property ? [l.property] : [])),
  );
  const [accounts, divisions] = await readTogether(db, [
    () =>
      db
        .select({ id: bookAccounts.id, guid: bookAccounts.guid, active: bookAccounts.isActive })
        .from(bookAccounts)
        .where(and(eq(bookAccounts.entityId, scope.entityId), inArray(bookAccounts.guid, accountGuids))),
    () => entityDivisionsByGuid(db, scope.entityId, divisionGuids),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.guid, a]));
  const divisionOf = new Map(divisions.map((d) => [d.guid, d.id]));
  return lines.map((line, index) => {
    const account = accountOf.get(line.account);
    if (!account) throw invalid(`lines.${index}.account`, 'Choose an account of this entity.');
    if (!account.active) throw invalid(`lines.${index}.account`, 'This account is inactive.');
    const divisionId = line.division ? divisionOf.get(line.division) : null;
    if (divisionId === undefined)
      throw invalid(`lines.${index}.division`, 'Choose a division of this entity.');
    if ((line.debit === 0) === (line.credit === 0))
      throw invalid(`lines.${index}.debit`, 'Enter either a debit or a credit.');
    const propertyId = line.property ? propertyOf.get(line.property) : null;
    if (propertyId === undefined)
      throw invalid(`lines.${index}.property`, 'Choose a property of this client.');
    return {
      accountId: account.id,
      amount: signedAmount(line),
      divisionId,
      propertyId,
      memo: line.memo ?? null,
    };
  });
}

const auditEntry = (scope: BooksScope, action: string, entry: EntryRow, changes = {}) => ({
  action,
  objectType: 'journal_entry',
  objectGuid: entry.guid,
  organizationId: scope.organizationId,
  clientId: scope.clientId,
  changes,
});

export async function createJournal(
  db: Db,
  scope: BooksScope,
  input: CreateJournalRequest,
  now: Date,
): Promise<JournalEntry> {
  const body = createJournalRequest.parse(input);
  const lines = await resolveLines(db, scope, body.lines);
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const entry = await insertEntry(tx, {
        entityId: scope.entityId,
        date: body.date,
        memo: body.memo ?? null,
        source: 'manual',
        sourceId: null,
        kind: 'manual',
        status: body.status,
        createdBy: scope.userId,
        now,
        lines,
      });
      await recordAudit(
        tx,
        scope.actor,
        auditEntry(scope, body.status === 'posted' ? 'journal_posted' : 'journal_drafted', entry, {
          date: { before: null, after: entry.entryDate },
          total: { before: null, after: lines.reduce((s, l) => s + Math.max(l.amount, 0), 0) },
        }),
      );
      return presentOne(tx, entry);
    }),
  );
}

export async function postDraft(
  db: Db,
  scope: BooksScope,
  entryGuid: string,
  now: Date,
): Promise<JournalEntry> {
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const entry = await lockEntry(tx, scope.entityId, entryGuid);
      if (!entry) throw notFound();
      if (entry.status !== 'draft') throw conflict('This entry is already posted.', 'entry_posted');
      const lines = await tx
        .select({ amount: journalLines.amount })
        .from(journalLines)
        .where(eq(journalLines.entryId, entry.id));
      assertPostable(lines);
      if (await isPeriodClosed(tx, entry.entityId, entry.entryDate)) throw periodClosed();
      const [posted] = await tx
        .update(journalEntries)
        .set({ status: 'posted', postedAt: now })
        .where(eq(journalEntries.id, entry.id))
        .returning();
      if (!posted) throw notFound();
      await recordAudit(
        tx,
        scope.actor,
        auditEntry(scope, 'journal_posted', posted, { status: { before: 'draft', after: 'posted' } }),
      );
      return presentOne(tx, posted);
    }),
  );
}

export async function reverseJournal(
  db: Db,
  scope: BooksScope,
  entryGuid: string,
  input: unknown,
  now: Date,
): Promise<JournalEntry> {
  const body = reverseJournalRequest.parse(input ?? {});
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const original = await lockEntry(tx, scope.entityId, entryGuid);
      if (!original) throw notFound();
      // A bank line's entry is undone from the line (or its batch), which also returns the line.
      if (original.kind === 'bank_line')
        throw conflict(
          'This entry categorises a bank line: uncategorise the line instead.',
          'entry_of_bank_line',
        );
      const reversal = await insertReversal(tx, original, {
        date: body.date ?? original.entryDate,
        memo: body.memo ?? null,
        createdBy: scope.userId,
        now,
      });
      await recordAudit(
        tx,
        scope.actor,
        auditEntry(scope, 'journal_reversed', original, {
          reversed_by: { before: null, after: reversal.guid },
        }),
      );
      return presentOne(tx, reversal);
    }),
  );
}

export async function deleteDraft(db: Db, scope: BooksScope, entryGuid: string): Promise<void> {
  await underLedgerRules(() =>
    db.transaction(async (tx) => {
      const entry = await lockEntry(tx, scope.entityId, entryGuid);
      if (!entry) throw notFound();
      if (entry.status !== 'draft')
        throw conflict('A posted entry cannot be deleted: reverse it instead.', 'entry_posted');
      await tx.delete(journalEntries).where(eq(journalEntries.id, entry.id));
      await recordAudit(tx, scope.actor, auditEntry(scope, 'journal_draft_deleted', entry));
    }),
  );
}
