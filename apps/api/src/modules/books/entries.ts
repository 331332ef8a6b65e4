import type { JournalSource, JournalStatus } from '@bp/domain';
import { monthOf } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, refused } from './errors.ts';
import { bookClosedPeriods, journalEntries, journalLines } from './tables.ts';

export type EntryRow = typeof journalEntries.$inferSelect;

/** An entry to write, its accounts already resolved to the entity's ids, amounts signed (debit > 0). */
export interface EntryDraft {
  entityId: number;
  date: string;
  memo: string | null;
  source: JournalSource;
  sourceId: string | null;
  kind: string;
  status: JournalStatus;
  reversalOf?: number | null;
  createdBy: number | null;
  now: Date;
  lines: {
    accountId: number;
    amount: number;
    divisionId: number | null;
    propertyId?: number | null;
    memo: string | null;
  }[];
}

/** Is the month of `date` closed for the entity? */
export async function isPeriodClosed(db: DbOrTx, entityId: number, date: string): Promise<boolean> {
  const [row] = await db
    .select({ month: bookClosedPeriods.month })
    .from(bookClosedPeriods)
    .where(and(eq(bookClosedPeriods.entityId, entityId), eq(bookClosedPeriods.month, monthOf(date))));
  return row !== undefined;
}

export const periodClosed = () =>
  conflict('This period is closed: nothing can be posted into it.', 'period_closed');

/** The code's own balance check, before the database's (same rule, a message per case). */
export function assertPostable(lines: readonly { amount: number }[]): void {
  if (lines.length < 2) throw refused('invalid', 'unbalanced_entry', 'An entry needs at least two lines.');
  if (lines.some((l) => l.amount === 0 || !Number.isSafeInteger(l.amount)))
    throw refused('invalid', 'unbalanced_entry', 'Each line has either a debit or a credit.');
  if (lines.reduce((sum, l) => sum + l.amount, 0) !== 0)
    throw refused('invalid', 'unbalanced_entry', 'Debits must equal credits.');
}

/**
 * Writes an entry and its lines in the caller's transaction. A posted entry is checked here (balanced,
 * open period) and again by the database at commit; period balances follow by trigger. Every path that
 * writes the ledger (manual journals, reversals, bill postings) goes through this function.
 */
export async function insertEntry(tx: DbOrTx, draft: EntryDraft): Promise<EntryRow> {
  if (draft.status === 'posted') {
    assertPostable(draft.lines);
    if (await isPeriodClosed(tx, draft.entityId, draft.date)) throw periodClosed();
  }
  const [entry] = await tx.insert(journalEntries).values(entryValues(draft)).returning();
  if (!entry) throw new Error('journal entry not inserted');
  if (draft.lines.length > 0) await tx.insert(journalLines).values(lineValues(entry.id, draft));
  return entry;
}

/** An entry's row as written. */
const entryValues = (draft: EntryDraft) => ({
  entityId: draft.entityId,
  entryDate: draft.date,
  memo: draft.memo,
  source: draft.source,
  sourceId: draft.sourceId,
  kind: draft.kind,
  status: draft.status,
  reversalOf: draft.reversalOf ?? null,
  createdBy: draft.createdBy,
  postedAt: draft.status === 'posted' ? draft.now : null,
});

/** An entry's lines as written, numbered from 1. */
const lineValues = (entryId: number, draft: EntryDraft) =>
  draft.lines.map((line, index) => ({
    entryId,
    lineNo: index + 1,
    accountId: line.accountId,
    amount: line.amount,
    divisionId: line.divisionId,
    propertyId: line.propertyId ?? null,
    memo: line.memo,
  }));

/** Rows per INSERT of the bulk form (entries have 10 columns, lines 7: under PostgreSQL's 65,535 parameters). */
const BULK_ROWS = 4000;

/**
 * The bulk form of `insertEntry`, for work that books thousands of entries at once (a matching run
 * clearing its bank lines): the same checks (balanced; no posted entry in a closed period, read once per
 * entity and month), entries and lines written a few thousand rows per statement. Every draft needs a
 * `sourceId`, unique in the call: the rows come back keyed by it.
 */
export async function insertEntries(
  tx: DbOrTx,
  drafts: readonly EntryDraft[],
): Promise<Map<string, EntryRow>> {
  const written = new Map<string, EntryRow>();
  if (drafts.length === 0) return written;
  const checked = new Map<string, boolean>();
  for (const draft of drafts) {
    if (draft.sourceId === null) throw new Error('insertEntries needs a sourceId on every entry');
    if (draft.status !== 'posted') continue;
    assertPostable(draft.lines);
    const key = `${draft.entityId}:${monthOf(draft.date)}`;
    if (!checked.has(key)) checked.set(key, await isPeriodClosed(tx, draft.entityId, draft.date));
    if (checked.get(key)) throw periodClosed();
  }
  for (let i = 0; i < drafts.length; i += BULK_ROWS) {
    const slice = drafts.slice(i, i + BULK_ROWS);
    const entries = await tx.insert(journalEntries).values(slice.map(entryValues)).returning();
    for (const entry of entries) written.set(entry.sourceId as string, entry);
  }
  const lines = drafts.flatMap((draft) => {
    const entry = written.get(draft.sourceId as string);
    if (!entry) throw new Error('journal entry not inserted');
    return lineValues(entry.id, draft);
  });
  for (let i = 0; i < lines.length; i += BULK_ROWS)
    await tx.insert(journalLines).values(lines.slice(i, i + BULK_ROWS));
  return written;
}

/** The reversal of a posted entry: the same lines with opposite signs, pointing back at it. */
export async function insertReversal(
  tx: DbOrTx,
  original: EntryRow,
  options: { date: string; memo: string | null; kind?: string; createdBy: number | null; now: Date },
): Promise<EntryRow> {
  if (original.status !== 'posted')
    throw conflict('Only a posted entry can be reversed.', 'entry_not_posted');
  if (original.reversalOf !== null)
    throw conflict('This entry is a reversal: post a new entry instead.', 'entry_is_reversal');
  const [already] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reversalOf, original.id));
  if (already) throw conflict('This entry is already reversed.', 'entry_reversed');
  const lines = await tx.select().from(journalLines).where(eq(journalLines.entryId, original.id));
  return insertEntry(tx, {
    entityId: original.entityId,
    date: options.date,
    memo: options.memo ?? `Reversal of ${original.memo ?? 'entry'}`,
    source: original.source,
    sourceId: original.sourceId,
    kind: options.kind ?? `${original.kind}:reversal`,
    status: 'posted',
    reversalOf: original.id,
    createdBy: options.createdBy,
    now: options.now,
    lines: lines
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((l) => ({
        accountId: l.accountId,
        amount: -l.amount,
        divisionId: l.divisionId,
        propertyId: l.propertyId,
        memo: l.memo,
      })),
  });
}

/** Locks an entry of the entity for a change of state (post, reverse, delete). */
export async function lockEntry(tx: DbOrTx, entityId: number, entryGuid: string): Promise<EntryRow | null> {
  const [row] = await tx
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.guid, entryGuid), eq(journalEntries.entityId, entityId)))
    .for('update');
  return row ?? null;
}
