import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { chartAccountOfBookAccount } from '../books/index.ts';
import { detectDocumentType, ensureClientAccount, insertClientDocument } from '../client-records/index.ts';
import { reconciliationCovering } from '../workflow/index.ts';
import { feedLines, tieNewAccounts } from './books-feed.ts';
import type { FeedDeps } from './feed-deps.ts';
import { PlaidError, type PlaidTransaction, type TransactionsSyncPage, toCents } from './plaid-client.ts';
import { bankFeedAccounts, bankFeedItems, bankFeedStatements, bankFeedTransactions } from './tables.ts';

export type ItemRow = typeof bankFeedItems.$inferSelect;

/** How far a sync has got (the first-sync job reports it to the runner). */
export type SyncProgress = (done: number, total: number, message: string) => Promise<void>;

export interface ItemSyncResult {
  item_guid: string;
  status: 'active' | 'login_required' | 'disconnected';
  added: number;
  modified: number;
  removed: number;
  statements: number;
}

/** Pages of transactions/sync from a cursor to the end; restarted once if the data moved mid-way. */
async function allChanges(
  feed: FeedDeps,
  accessToken: string,
  cursor: string | null,
  progress?: SyncProgress,
) {
  const plaid = feed.requirePlaid();
  for (let attempt = 0; ; attempt++) {
    const pages: TransactionsSyncPage[] = [];
    let next = cursor;
    let fetched = 0;
    try {
      for (;;) {
        const page = await plaid.transactionsSync(accessToken, next);
        pages.push(page);
        next = page.next_cursor;
        fetched += page.added.length + page.modified.length + page.removed.length;
        // The aggregator does not say how many remain: one more page of the same size is the guess.
        await progress?.(
          fetched,
          page.has_more ? fetched + page.added.length : fetched,
          'Fetching transactions',
        );
        if (!page.has_more) break;
      }
      return { pages, cursor: next };
    } catch (error) {
      // Plaid: on this error, restart the whole pagination from the first cursor.
      if (
        error instanceof PlaidError &&
        error.errorCode === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' &&
        attempt < 2
      )
        continue;
      throw error;
    }
  }
}

/** The item's accounts as the aggregator reports them now: new ones join the client's accounts. */
async function refreshAccounts(feed: FeedDeps, tx: DbOrTx, item: ItemRow, accessToken: string) {
  const { accounts } = await feed.requirePlaid().accountsBalanceGet(accessToken);
  const now = feed.deps.now();
  for (const account of accounts) {
    const current = account.balances.current === null ? null : toCents(account.balances.current);
    const available = account.balances.available === null ? null : toCents(account.balances.available);
    const [known] = await tx
      .select({ id: bankFeedAccounts.id })
      .from(bankFeedAccounts)
      .where(
        and(eq(bankFeedAccounts.itemId, item.id), eq(bankFeedAccounts.providerAccountId, account.account_id)),
      );
    if (known) {
      await tx
        .update(bankFeedAccounts)
        .set({ currentBalance: current, availableBalance: available, balanceAt: now, name: account.name })
        .where(eq(bankFeedAccounts.id, known.id));
      continue;
    }
    const institution = await ensureClientAccount(tx, item.clientId, {
      name: `${item.institutionName ?? 'Bank'} ${account.name}`,
      last4: account.mask,
      kind: account.type === 'investment' ? 'investment' : 'bank',
    });
    // The entity's first checking account pays its bills until staff say otherwise.
    const [payer] = await tx
      .select({ id: bankFeedAccounts.id })
      .from(bankFeedAccounts)
      .where(and(eq(bankFeedAccounts.entityId, item.entityId), eq(bankFeedAccounts.paysBills, true)));
    await tx.insert(bankFeedAccounts).values({
      itemId: item.id,
      clientId: item.clientId,
      entityId: item.entityId,
      clientInstitutionId: institution.id,
      providerAccountId: account.account_id,
      name: account.name,
      officialName: account.official_name,
      mask: account.mask,
      type: account.type,
      subtype: account.subtype,
      currentBalance: current,
      availableBalance: available,
      balanceAt: now,
      paysBills: !payer && account.subtype === 'checking',
    });
  }
}

/**
 * Applies one sync's changes: added and modified lines are upserted by the provider's transaction_id
 * (so a re-sync, a replayed page or a modification never makes a second row); removed ones are marked;
 * a posted line that names its pending line (pending_transaction_id) retires that pending line too.
 */
export async function applyChanges(
  tx: DbOrTx,
  item: Pick<ItemRow, 'id' | 'clientId' | 'entityId'>,
  pages: Pick<TransactionsSyncPage, 'added' | 'modified' | 'removed'>[],
  now: Date,
) {
  const accountIds = new Map(
    (
      await tx
        .select({ id: bankFeedAccounts.id, providerId: bankFeedAccounts.providerAccountId })
        .from(bankFeedAccounts)
        .where(eq(bankFeedAccounts.itemId, item.id))
    ).map((a) => [a.providerId, a.id]),
  );
  const upserts: PlaidTransaction[] = [];
  let added = 0;
  let modified = 0;
  const removedIds: string[] = [];
  for (const page of pages) {
    added += page.added.length;
    modified += page.modified.length;
    upserts.push(...page.added, ...page.modified);
    removedIds.push(...page.removed.map((r) => r.transaction_id));
  }
  // The last word on a transaction wins (a page may modify what an earlier one added).
  const latest = new Map(upserts.map((t) => [t.transaction_id, t]));
  const rows = [...latest.values()].flatMap((t) => {
    const accountId = accountIds.get(t.account_id);
    if (accountId === undefined) return [];
    return [
      {
        accountId,
        clientId: item.clientId,
        entityId: item.entityId,
        providerTransactionId: t.transaction_id,
        pendingTransactionId: t.pending_transaction_id ?? null,
        amount: toCents(t.amount),
        date: t.date,
        name: t.name.slice(0, 500),
        merchantName: t.merchant_name ?? null,
        checkNumber: t.check_number ?? null,
        pending: t.pending,
        removedAt: null,
        updatedAt: now,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(bankFeedTransactions)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: bankFeedTransactions.providerTransactionId,
        set: {
          amount: sql`excluded.amount`,
          date: sql`excluded.date`,
          name: sql`excluded.name`,
          merchantName: sql`excluded.merchant_name`,
          checkNumber: sql`excluded.check_number`,
          pending: sql`excluded.pending`,
          pendingTransactionId: sql`excluded.pending_transaction_id`,
          removedAt: sql`null`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  const retired = [
    ...removedIds,
    ...rows.filter((r) => !r.pending && r.pendingTransactionId).map((r) => r.pendingTransactionId as string),
  ];
  // What each account's books account is to receive: the upserted lines, and the retired ones to withdraw.
  const touched = new Map<number, { providerIds: string[]; removedIds: string[] }>();
  const touch = (accountId: number) => {
    const entry = touched.get(accountId) ?? { providerIds: [], removedIds: [] };
    touched.set(accountId, entry);
    return entry;
  };
  for (const row of rows) touch(row.accountId).providerIds.push(row.providerTransactionId);
  for (let i = 0; i < retired.length; i += 1000) {
    const owners = await tx
      .select({ accountId: bankFeedTransactions.accountId, id: bankFeedTransactions.providerTransactionId })
      .from(bankFeedTransactions)
      .where(inArray(bankFeedTransactions.providerTransactionId, retired.slice(i, i + 1000)));
    for (const owner of owners) touch(owner.accountId).removedIds.push(owner.id);
  }
  for (let i = 0; i < retired.length; i += 1000) {
    await tx
      .update(bankFeedTransactions)
      .set({ removedAt: now, updatedAt: now })
      .where(
        and(
          inArray(bankFeedTransactions.providerTransactionId, retired.slice(i, i + 1000)),
          isNull(bankFeedTransactions.removedAt),
        ),
      );
  }
  return { added, modified, removed: removedIds.length, touched };
}

/** Statements not yet received: each stored as a client document and tied to its period's reconciliation. */
async function fetchStatements(feed: FeedDeps, item: ItemRow, accessToken: string): Promise<number> {
  const plaid = feed.requirePlaid();
  const { db } = feed.deps.database;
  const list = await plaid.statementsList(accessToken);
  const accounts = await db
    .select({
      id: bankFeedAccounts.id,
      providerId: bankFeedAccounts.providerAccountId,
      name: bankFeedAccounts.name,
      mask: bankFeedAccounts.mask,
      bookAccountId: bankFeedAccounts.bookAccountId,
    })
    .from(bankFeedAccounts)
    .where(eq(bankFeedAccounts.itemId, item.id));
  let received = 0;
  for (const listed of list.accounts) {
    const account = accounts.find((a) => a.providerId === listed.account_id);
    if (!account) continue;
    const known = new Set(
      (
        await db
          .select({ id: bankFeedStatements.providerStatementId })
          .from(bankFeedStatements)
          .where(eq(bankFeedStatements.accountId, account.id))
      ).map((s) => s.id),
    );
    // The account's own reconciliation first: the chart account of its books account (decision 037).
    const chartAccountId =
      account.bookAccountId === null ? null : await chartAccountOfBookAccount(db, account.bookAccountId);
    for (const statement of listed.statements) {
      if (known.has(statement.statement_id)) continue;
      const pdf = await plaid.statementsDownload(accessToken, statement.statement_id);
      // Checked by content like any upload: only a real PDF becomes a document.
      if ((await detectDocumentType(pdf)) !== 'application/pdf') continue;
      const period = `${statement.year}-${String(statement.month).padStart(2, '0')}`;
      const key = `documents/bank-statements/${item.guid}/${statement.statement_id}.pdf`;
      await feed.deps.storage.put(key, pdf);
      await db.transaction(async (tx) => {
        const document = await insertClientDocument(tx, {
          clientId: item.clientId,
          entityId: item.entityId,
          fileKey: key,
          originalName: `Statement ${period} ${account.name}${account.mask ? ` ${account.mask}` : ''}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: pdf.length,
        });
        const reconciliation = await reconciliationCovering(
          tx,
          item.entityId,
          `${period}-15`,
          chartAccountId,
        );
        await tx
          .insert(bankFeedStatements)
          .values({
            accountId: account.id,
            providerStatementId: statement.statement_id,
            month: statement.month,
            year: statement.year,
            datePosted: statement.date_posted ?? null,
            documentId: document.id,
            reconciliationId: reconciliation?.id ?? null,
          })
          .onConflictDoNothing();
      });
      received += 1;
    }
  }
  return received;
}

/** Marks the item's link broken (the bank wants the person to sign in again). */
export async function markLoginRequired(db: DbOrTx, itemId: number, code = 'ITEM_LOGIN_REQUIRED') {
  await db
    .update(bankFeedItems)
    .set({ status: 'login_required', errorCode: code })
    .where(and(eq(bankFeedItems.id, itemId), sql`${bankFeedItems.status} <> 'disconnected'`));
}

/**
 * One item's sync: balances, every transaction change since its cursor (applied with the new cursor in
 * one transaction, so a crash re-fetches rather than skips), then new statements. A login-required
 * answer marks the link broken instead of failing.
 */
export async function syncItem(
  feed: FeedDeps,
  item: ItemRow,
  progress?: SyncProgress,
): Promise<ItemSyncResult> {
  const { db } = feed.deps.database;
  const result: ItemSyncResult = {
    item_guid: item.guid,
    status: item.status,
    added: 0,
    modified: 0,
    removed: 0,
    statements: 0,
  };
  if (item.status === 'disconnected' || !item.accessTokenSealed) return { ...result, status: 'disconnected' };
  const accessToken = feed.box.open(item.accessTokenSealed);
  try {
    const { pages, cursor } = await allChanges(feed, accessToken, item.cursor, progress);
    const changes = pages.reduce((n, p) => n + p.added.length + p.modified.length + p.removed.length, 0);
    await progress?.(changes, changes, 'Saving transactions into the books');
    await db.transaction(async (tx) => {
      await refreshAccounts(feed, tx, item, accessToken);
      const { touched, ...counts } = await applyChanges(tx, item, pages, feed.deps.now());
      Object.assign(result, counts);
      // Into the books (decision 037): accounts tied before this sync receive its changes; an account
      // not tied yet gets its books account now and receives every line it has.
      const tied = await tx
        .select()
        .from(bankFeedAccounts)
        .where(and(eq(bankFeedAccounts.itemId, item.id), isNotNull(bankFeedAccounts.bookAccountId)));
      for (const account of tied) {
        const change = touched.get(account.id);
        if (change) await feedLines(feed, tx, account, change);
      }
      await tieNewAccounts(feed, tx, item.id);
      await tx
        .update(bankFeedItems)
        .set({
          cursor,
          lastSyncedAt: feed.deps.now(),
          status: 'active',
          errorCode: null,
          firstSyncJobId: null,
        })
        .where(eq(bankFeedItems.id, item.id));
    });
    result.status = 'active';
    result.statements = await fetchStatements(feed, item, accessToken);
  } catch (error) {
    if (error instanceof PlaidError && error.loginRequired) {
      await markLoginRequired(db, item.id, error.errorCode);
      return { ...result, status: 'login_required' };
    }
    throw error;
  }
  return result;
}
