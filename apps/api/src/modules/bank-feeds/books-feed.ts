import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { createFedBookAccount, type FedAccountKind, receiveBankLines } from '../books/index.ts';
import { clientList } from '../clients/index.ts';
import type { FeedDeps } from './feed-deps.ts';
import { bankFeedAccounts, bankFeedItems, bankFeedTransactions } from './tables.ts';
import { toBankLines } from './to-bank-lines.ts';

type AccountRow = typeof bankFeedAccounts.$inferSelect;

/** Lines per call into the books (a first sync brings tens of thousands). */
const SLICE = 5000;

/** The books account kind of a fed account, or null for accounts without bank lines (investment, loan). */
export function bookKindOf(account: Pick<AccountRow, 'type' | 'subtype'>): FedAccountKind | null {
  if (account.type === 'credit') return 'credit_card';
  if (account.type !== 'depository') return null;
  return account.subtype === 'savings' ? 'savings' : 'checking';
}

/** "First Platypus Bank Operating ••4821": the books account named from the institution and mask. */
export function bookAccountName(institution: string | null, account: Pick<AccountRow, 'name' | 'mask'>) {
  return `${institution ?? 'Bank'} ${account.name}${account.mask ? ` ••${account.mask}` : ''}`;
}

const columns = {
  providerTransactionId: bankFeedTransactions.providerTransactionId,
  date: bankFeedTransactions.date,
  amount: bankFeedTransactions.amount,
  name: bankFeedTransactions.name,
  merchantName: bankFeedTransactions.merchantName,
  checkNumber: bankFeedTransactions.checkNumber,
  pending: bankFeedTransactions.pending,
};

/**
 * Lines into the account's books account through the books' `receiveBankLines` (decision 037), in the
 * caller's transaction: the added and modified ones (a pending line is recorded and posts nothing; one
 * that turns posted arrives once), the removed ones reversed and withdrawn; then the books' feeder rules
 * run on what arrived posted (the LinesArrived port).
 */
export async function feedLines(
  feed: FeedDeps,
  tx: DbOrTx,
  account: Pick<AccountRow, 'id' | 'clientId' | 'entityId' | 'bookAccountId'>,
  change: { providerIds: string[]; removedIds: string[] },
) {
  if (account.bookAccountId === null) return;
  const now = feed.deps.now();
  const today = now.toISOString().slice(0, 10);
  const arrived: number[] = [];
  const ids = [...new Set(change.providerIds)];
  for (let i = 0; i < Math.max(ids.length, change.removedIds.length); i += SLICE) {
    const slice = ids.slice(i, i + SLICE);
    const rows =
      slice.length === 0
        ? []
        : await tx
            .select(columns)
            .from(bankFeedTransactions)
            .where(
              and(
                eq(bankFeedTransactions.accountId, account.id),
                inArray(bankFeedTransactions.providerTransactionId, slice),
                isNull(bankFeedTransactions.removedAt),
              ),
            );
    const withdraw = change.removedIds.slice(i, i + SLICE);
    const received = await receiveBankLines(tx, {
      entityId: account.entityId,
      bookAccountId: account.bookAccountId,
      lines: toBankLines(rows.map((r) => ({ ...r, amount: Number(r.amount) }))),
      withdraw,
      reverseWithdrawn: { now, today },
    });
    arrived.push(...received.arrived);
  }
  if (arrived.length > 0 && feed.ports.linesArrived) {
    const [client] = await tx
      .select({ organizationId: clientList.organizationId })
      .from(clientList)
      .where(eq(clientList.id, account.clientId));
    if (client)
      await feed.ports.linesArrived(tx, {
        clientId: account.clientId,
        organizationId: client.organizationId,
        entityId: account.entityId,
        lineIds: arrived,
        now,
      });
  }
}

/** Every live line of the fed account (a newly tied account receives its history). */
export async function liveProviderIds(tx: DbOrTx, accountId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: bankFeedTransactions.providerTransactionId })
    .from(bankFeedTransactions)
    .where(and(eq(bankFeedTransactions.accountId, accountId), isNull(bankFeedTransactions.removedAt)));
  return rows.map((r) => r.id);
}

/**
 * The item's bank and credit-card accounts not tied to the books yet get a new books account of their
 * entity (the first sync), and receive the lines they already have. In the sync's transaction.
 */
export async function tieNewAccounts(feed: FeedDeps, tx: DbOrTx, itemId: number) {
  const [item] = await tx
    .select({ institutionName: bankFeedItems.institutionName })
    .from(bankFeedItems)
    .where(eq(bankFeedItems.id, itemId));
  const untied = await tx
    .select()
    .from(bankFeedAccounts)
    .where(and(eq(bankFeedAccounts.itemId, itemId), isNull(bankFeedAccounts.bookAccountId)));
  for (const account of untied) {
    const kind = bookKindOf(account);
    if (!kind) continue;
    const created = await createFedBookAccount(tx, account.entityId, {
      name: bookAccountName(item?.institutionName ?? null, account),
      kind,
    });
    await tx
      .update(bankFeedAccounts)
      .set({ bookAccountId: created.id })
      .where(eq(bankFeedAccounts.id, account.id));
    await feedLines(
      feed,
      tx,
      { ...account, bookAccountId: created.id },
      { providerIds: await liveProviderIds(tx, account.id), removedIds: [] },
    );
  }
}
