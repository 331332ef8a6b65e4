import type { BankLine, FeederAction } from '@bp/contracts';
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { vendorList } from '../entities/index.ts';
import { insertReversal, isPeriodClosed } from './entries.ts';
import { conflict, notFound, refused } from './errors.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, bookBankLines, bookFeederBatches, bookFeederRules, journalEntries } from './tables.ts';

export type BankLineRow = typeof bookBankLines.$inferSelect;

/** Subtypes whose accounts have bank lines: the bank's own feed or its CSV export. */
export const BANK_FEED_SUBTYPES = ['bank', 'credit_card'] as const;

/** A line as a feed sends it (the bank-data aggregator, or a row of a bank's CSV export). */
export interface IncomingBankLine {
  /** The bank's id of the transaction: unique per account; a re-sent line is matched by it. */
  externalId: string;
  date: string;
  /** Signed cents as the bank shows them: money in positive, money out negative. */
  amountCents: number;
  description: string;
  counterparty?: string | null;
  checkNumber?: string | null;
  pending: boolean;
}

export interface ReceivedBankLines {
  received: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  /** External ids asked to be withdrawn that stay: they are categorised (undo that first). */
  kept: string[];
  /** Ids of the lines that arrived posted by this call (new, or pending until now): what rules may take. */
  arrived: number[];
}

/** The entity's bank or credit-card account by id (locked: lines of one account are received one feed at a time). */
export async function lockFeedAccount(tx: DbOrTx, entityId: number, accountId: number) {
  const [account] = await tx
    .select()
    .from(bookAccounts)
    .where(and(eq(bookAccounts.id, accountId), eq(bookAccounts.entityId, entityId)))
    .for('update');
  if (!account) throw notFound();
  if (!(BANK_FEED_SUBTYPES as readonly string[]).includes(account.subtypeCode))
    throw refused('invalid', 'not_a_bank_account', 'Bank lines belong to a bank or credit-card account.');
  return account;
}

/**
 * Feeds bank lines into a bank or credit-card account of the entity, in the caller's transaction
 * (decision 034; the bank-data aggregator of issue 19 calls this). Idempotent by external id: a new id is
 * inserted; a known line still pending is updated to what the bank now says (and may turn posted); a
 * posted line is final and left as it is, so a re-sent feed never doubles a line. `withdraw` names lines
 * the bank dropped (a pending authorisation that never posted): they are deleted unless categorised.
 */
export async function receiveBankLines(
  tx: DbOrTx,
  input: {
    entityId: number;
    bookAccountId: number;
    lines: IncomingBankLine[];
    withdraw?: string[];
    /**
     * The bank removed these lines for good (the aggregator's `removed`): a categorised one is reversed
     * (its entry, dated as it was, or today when that month is closed) and then withdrawn too.
     */
    reverseWithdrawn?: { now: Date; today: string };
  },
): Promise<ReceivedBankLines> {
  const account = await lockFeedAccount(tx, input.entityId, input.bookAccountId);
  const result: ReceivedBankLines = {
    received: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    kept: [],
    arrived: [],
  };
  const byId = new Map<string, IncomingBankLine>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0)
      throw refused(
        'invalid',
        'invalid_bank_line',
        `Line ${line.externalId}: the amount must be whole, non-zero cents.`,
      );
    byId.set(line.externalId, line); // the last of a repeated id wins, as a re-send would
  }
  const ids = [...byId.keys()];
  const known: BankLineRow[] = [];
  // In slices: a first sync brings tens of thousands of ids (a statement takes at most 65,535 parameters).
  for (let i = 0; i < ids.length; i += 5000)
    known.push(
      ...(await tx
        .select()
        .from(bookBankLines)
        .where(
          and(
            eq(bookBankLines.accountId, account.id),
            inArray(bookBankLines.externalId, ids.slice(i, i + 5000)),
          ),
        )
        .for('update')),
    );
  const knownById = new Map(known.map((k) => [k.externalId, k]));
  const fresh: (typeof bookBankLines.$inferInsert)[] = [];
  for (const [externalId, line] of byId) {
    const values = {
      lineDate: line.date,
      amount: line.amountCents,
      description: line.description.trim(),
      counterparty: line.counterparty?.trim() || null,
      checkNumber: line.checkNumber?.trim() || null,
      pending: line.pending,
    };
    const existing = knownById.get(externalId);
    if (!existing) {
      fresh.push({ entityId: input.entityId, accountId: account.id, externalId, ...values });
      continue;
    }
    const same =
      existing.lineDate === values.lineDate &&
      existing.amount === values.amount &&
      existing.description === values.description &&
      existing.counterparty === values.counterparty &&
      existing.checkNumber === values.checkNumber &&
      existing.pending === values.pending;
    if (same || !existing.pending) {
      result.unchanged += 1;
      continue;
    }
    await tx
      .update(bookBankLines)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(bookBankLines.id, existing.id));
    result.updated += 1;
    if (!values.pending) result.arrived.push(existing.id);
  }
  for (let i = 0; i < fresh.length; i += 1000) {
    const inserted = await tx
      .insert(bookBankLines)
      .values(fresh.slice(i, i + 1000))
      .returning({ id: bookBankLines.id, pending: bookBankLines.pending });
    result.arrived.push(...inserted.filter((l) => !l.pending).map((l) => l.id));
  }
  result.received = fresh.length;

  if (input.withdraw?.length && input.reverseWithdrawn) {
    const { now, today } = input.reverseWithdrawn;
    const posted = await tx
      .select({ entryId: bookBankLines.entryId })
      .from(bookBankLines)
      .where(
        and(
          eq(bookBankLines.accountId, account.id),
          inArray(bookBankLines.externalId, input.withdraw),
          isNotNull(bookBankLines.entryId),
        ),
      );
    for (const entryId of new Set(posted.flatMap((p) => (p.entryId === null ? [] : [p.entryId]))))
      await reverseLineEntry(tx, entryId, { now, today });
  }
  if (input.withdraw?.length) {
    const gone = await tx
      .delete(bookBankLines)
      .where(
        and(
          eq(bookBankLines.accountId, account.id),
          inArray(bookBankLines.externalId, input.withdraw),
          isNull(bookBankLines.categorizedBy),
        ),
      )
      .returning({ externalId: bookBankLines.externalId });
    result.withdrawn = gone.length;
    const goneIds = new Set(gone.map((g) => g.externalId));
    const still = await tx
      .select({ externalId: bookBankLines.externalId })
      .from(bookBankLines)
      .where(and(eq(bookBankLines.accountId, account.id), inArray(bookBankLines.externalId, input.withdraw)));
    result.kept = still.map((s) => s.externalId).filter((id) => !goneIds.has(id));
  }
  return result;
}

/**
 * Reverses the entry a bank line posted (a categorisation, a transfer, a match's clearing) and returns
 * the lines it booked to uncategorised. Dated as the entry, or today when the entry's month is closed.
 */
export async function reverseLineEntry(
  tx: DbOrTx,
  entryId: number,
  how: { now: Date; today: string; userId?: number | null },
): Promise<void> {
  const [entry] = await tx.select().from(journalEntries).where(eq(journalEntries.id, entryId)).for('update');
  if (!entry) return;
  const date = (await isPeriodClosed(tx, entry.entityId, entry.entryDate)) ? how.today : entry.entryDate;
  await reverseAndRelease(tx, entry, date, { userId: how.userId ?? null, now: how.now });
}

/**
 * The reversal of a bank line's entry, dated `date`, and every line it booked (both sides of a
 * transfer) back to uncategorised.
 */
export async function reverseAndRelease(
  tx: DbOrTx,
  entry: typeof journalEntries.$inferSelect,
  date: string,
  how: { userId: number | null; now: Date },
): Promise<void> {
  await insertReversal(tx, entry, {
    date,
    memo: `Undo: ${entry.memo ?? 'bank line'}`,
    createdBy: how.userId,
    now: how.now,
  });
  await tx
    .update(bookBankLines)
    .set({
      categorizedBy: null,
      ruleId: null,
      batchId: null,
      entryId: null,
      action: null,
      vendorId: null,
      updatedAt: how.now,
    })
    .where(eq(bookBankLines.entryId, entry.id));
}

const statusOf = (row: BankLineRow): BankLine['status'] =>
  row.pending
    ? 'pending'
    : row.categorizedBy === null
      ? 'uncategorized'
      : row.categorizedBy === 'match'
        ? 'cleared'
        : 'categorized';

/** Lines as the API shows them, with their account, rule, batch, entry and vendor. */
export async function presentBankLines(db: DbOrTx, rows: BankLineRow[]): Promise<BankLine[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const rule = alias(bookFeederRules, 'rule');
  const details = await db
    .select({
      id: bookBankLines.id,
      account: { guid: bookAccounts.guid, number: bookAccounts.number, name: bookAccounts.name },
      rule: { guid: rule.guid, name: rule.name },
      batch: bookFeederBatches.guid,
      entry: journalEntries.guid,
      vendor: { guid: vendorList.guid, name: vendorList.name },
    })
    .from(bookBankLines)
    .innerJoin(bookAccounts, eq(bookAccounts.id, bookBankLines.accountId))
    .leftJoin(rule, eq(rule.id, bookBankLines.ruleId))
    .leftJoin(bookFeederBatches, eq(bookFeederBatches.id, bookBankLines.batchId))
    .leftJoin(journalEntries, eq(journalEntries.id, bookBankLines.entryId))
    .leftJoin(vendorList, eq(vendorList.id, bookBankLines.vendorId))
    .where(inArray(bookBankLines.id, ids));
  const of = new Map(details.map((d) => [d.id, d]));
  return rows.map((row) => {
    const d = of.get(row.id);
    if (!d) throw notFound();
    return {
      guid: row.guid,
      bank_account: d.account,
      external_id: row.externalId,
      date: row.lineDate,
      amount: row.amount,
      description: row.description,
      counterparty: row.counterparty,
      check_number: row.checkNumber,
      status: statusOf(row),
      categorized_by: row.categorizedBy,
      rule: d.rule?.guid ? d.rule : null,
      batch: d.batch ?? null,
      entry: d.entry ?? null,
      action: (row.action as FeederAction | null) ?? null,
      vendor: d.vendor?.guid ? d.vendor : null,
    };
  });
}

export async function listBankLines(
  db: Db,
  scope: BooksScope,
  query: {
    page: number;
    page_size: number;
    search?: string | undefined;
    account?: string | undefined;
    status?: BankLine['status'] | undefined;
    batch?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const where: SQL[] = [eq(bookBankLines.entityId, scope.entityId)];
  if (query.account)
    where.push(
      inArray(
        bookBankLines.accountId,
        db.select({ id: bookAccounts.id }).from(bookAccounts).where(eq(bookAccounts.guid, query.account)),
      ),
    );
  if (query.batch)
    where.push(
      inArray(
        bookBankLines.batchId,
        db
          .select({ id: bookFeederBatches.id })
          .from(bookFeederBatches)
          .where(eq(bookFeederBatches.guid, query.batch)),
      ),
    );
  if (query.status === 'pending') where.push(eq(bookBankLines.pending, true));
  if (query.status === 'uncategorized')
    where.push(eq(bookBankLines.pending, false), isNull(bookBankLines.categorizedBy));
  if (query.status === 'categorized')
    where.push(isNotNull(bookBankLines.categorizedBy), ne(bookBankLines.categorizedBy, 'match'));
  if (query.status === 'cleared') where.push(eq(bookBankLines.categorizedBy, 'match'));
  if (query.from) where.push(gte(bookBankLines.lineDate, query.from));
  if (query.to) where.push(lte(bookBankLines.lineDate, query.to));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(bookBankLines.description, like), ilike(bookBankLines.counterparty, like));
    if (match) where.push(match);
  }
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bookBankLines)
      .where(and(...where))
      .orderBy(desc(bookBankLines.lineDate), desc(bookBankLines.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(bookBankLines)
      .where(and(...where)),
  ]);
  return { count: total?.n ?? 0, results: await presentBankLines(db, rows) };
}

/** A line of the entity, locked for a change of its categorisation. */
export async function lockBankLine(tx: DbOrTx, scope: BooksScope, lineGuid: string): Promise<BankLineRow> {
  const [row] = await tx
    .select()
    .from(bookBankLines)
    .where(and(eq(bookBankLines.guid, lineGuid), eq(bookBankLines.entityId, scope.entityId)))
    .for('update');
  if (!row) throw notFound();
  if (row.pending)
    throw conflict(
      'This transaction is still pending at the bank: categorise it once it posts.',
      'bank_line_pending',
    );
  if (row.categorizedBy === 'match')
    throw conflict(
      'This transaction is matched to a paid bill and cleared: undo the match first.',
      'bank_line_matched',
    );
  return row;
}
