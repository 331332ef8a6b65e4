import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { createBankChartAccount } from '../entities/index.ts';
import { BANK_FEED_SUBTYPES } from './bank-lines.ts';
import { conflict, refused } from './errors.ts';
import { bookAccounts, bookBankLines } from './tables.ts';

/** What kind of books account a fed bank account books into. */
export type FedAccountKind = 'checking' | 'savings' | 'credit_card';

/**
 * A new books account for a bank account fed by the aggregator (issue 19, decision 037): a bank account
 * (asset, detail checking or savings) or a credit card (liability), in the caller's transaction. It gets
 * an account of the same name in the entity's chart of accounts, which is what reconciliations name: the
 * account's statements go to its reconciliation of their period.
 */
export async function createFedBookAccount(
  tx: DbOrTx,
  entityId: number,
  input: { name: string; kind: FedAccountKind },
): Promise<{ id: number; guid: string }> {
  const chart = await createBankChartAccount(tx, entityId, input.name);
  const [row] = await tx
    .insert(bookAccounts)
    .values(
      input.kind === 'credit_card'
        ? {
            entityId,
            chartAccountId: chart.id,
            name: input.name.slice(0, 200),
            family: 'liability' as const,
            subtypeCode: 'credit_card',
            detailTypeCode: 'credit_card',
          }
        : {
            entityId,
            chartAccountId: chart.id,
            name: input.name.slice(0, 200),
            family: 'asset' as const,
            subtypeCode: 'bank',
            detailTypeCode: input.kind,
          },
    )
    .returning({ id: bookAccounts.id, guid: bookAccounts.guid });
  if (!row) throw new Error('books account not inserted');
  return row;
}

/** The entity's active bank or credit-card account by guid (a field error otherwise). */
export async function fedBookAccountOf(
  tx: DbOrTx,
  entityId: number,
  guid: string,
): Promise<{ id: number; guid: string }> {
  const [row] = await tx
    .select({
      id: bookAccounts.id,
      guid: bookAccounts.guid,
      subtype: bookAccounts.subtypeCode,
      active: bookAccounts.isActive,
    })
    .from(bookAccounts)
    .where(and(eq(bookAccounts.entityId, entityId), eq(bookAccounts.guid, guid)));
  if (!row?.active || !(BANK_FEED_SUBTYPES as readonly string[]).includes(row.subtype))
    throw refused(
      'invalid',
      'not_a_bank_account',
      "Choose an active bank or credit-card account of this entity's books.",
    );
  return { id: row.id, guid: row.guid };
}

/**
 * Moves the fed lines that posted nothing yet (uncategorised, or still pending) from one books account
 * to another of the entity, when a fed account is tied to another books account. Lines that posted stay
 * where their entries are. Refused (409) when any of these lines posted as a transfer: the transfer's
 * other side names the old account, so the two sides would no longer agree.
 */
export async function moveUnpostedBankLines(
  tx: DbOrTx,
  input: { entityId: number; fromAccountId: number; toAccountId: number; externalIds: string[] },
): Promise<{ moved: number; stayed: number }> {
  let moved = 0;
  let stayed = 0;
  const chunks: string[][] = [];
  for (let i = 0; i < input.externalIds.length; i += 5000) chunks.push(input.externalIds.slice(i, i + 5000));
  for (const ids of chunks) {
    const [transfer] = await tx
      .select({ id: bookBankLines.id })
      .from(bookBankLines)
      .where(
        and(
          eq(bookBankLines.accountId, input.fromAccountId),
          inArray(bookBankLines.externalId, ids),
          sql`(${bookBankLines.categorizedBy} = 'transfer_match' or ${bookBankLines.action}->>'type' = 'transfer')`,
        ),
      )
      .limit(1);
    if (transfer)
      throw conflict(
        'Some transactions of this account were booked as transfers with another account: undo those transfers in the books before tying the account to another books account.',
        'bank_lines_transferred',
      );
  }
  for (const ids of chunks) {
    const done = await tx
      .update(bookBankLines)
      .set({ accountId: input.toAccountId, updatedAt: new Date() })
      .where(
        and(
          eq(bookBankLines.accountId, input.fromAccountId),
          eq(bookBankLines.entityId, input.entityId),
          inArray(bookBankLines.externalId, ids),
          sql`${bookBankLines.categorizedBy} is null`,
          // A line the new account already has (a CSV import of the same id) is not doubled.
          sql`not exists (select 1 from ${bookBankLines} b2 where b2.account_id = ${input.toAccountId} and b2.external_id = ${bookBankLines.externalId})`,
        ),
      )
      .returning({ id: bookBankLines.id });
    moved += done.length;
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookBankLines)
      .where(
        and(
          eq(bookBankLines.accountId, input.fromAccountId),
          inArray(bookBankLines.externalId, ids),
          isNotNull(bookBankLines.categorizedBy),
        ),
      );
    stayed += left?.n ?? 0;
  }
  return { moved, stayed };
}

/** The chart account (what reconciliations name) of a books account, or null when it has none. */
export async function chartAccountOfBookAccount(db: DbOrTx, bookAccountId: number): Promise<number | null> {
  const [row] = await db
    .select({ chart: bookAccounts.chartAccountId })
    .from(bookAccounts)
    .where(eq(bookAccounts.id, bookAccountId));
  return row?.chart ?? null;
}
