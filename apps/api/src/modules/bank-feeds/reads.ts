import type { FeedAccount, FeedItem, FundingOverview } from '@bp/contracts';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { bookAccountNames } from '../books/index.ts';
import { clientInstitutionRows, documentRows } from '../client-records/index.ts';
import { entityList } from '../entities/index.ts';
import { reconciliationRows } from '../workflow/index.ts';
import { notFound } from './errors.ts';
import { fundingOf, waitingBillsOf } from './funding.ts';
import { bankFeedAccounts, bankFeedItems, bankFeedStatements, bankFeedTransactions } from './tables.ts';

const ERROR_MESSAGES: Record<string, string> = {
  ITEM_LOGIN_REQUIRED: 'The bank needs you to sign in again before it shares new transactions.',
  PENDING_EXPIRATION: 'The consent to share this bank’s data ends soon: sign in again to renew it.',
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The client's links (all, or these ids), newest first. */
export async function presentItems(db: DbOrTx, clientId: number, ids?: number[]): Promise<FeedItem[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({
      item: bankFeedItems,
      entityGuid: entityList.guid,
      entityName: entityList.nickname,
    })
    .from(bankFeedItems)
    .innerJoin(entityList, eq(entityList.id, bankFeedItems.entityId))
    .where(and(eq(bankFeedItems.clientId, clientId), ids ? inArray(bankFeedItems.id, ids) : undefined))
    .orderBy(desc(bankFeedItems.createdAt), desc(bankFeedItems.id));
  return rows.map(({ item, entityGuid, entityName }) => ({
    guid: item.guid,
    entity_guid: entityGuid,
    entity_name: entityName,
    institution_name: item.institutionName,
    status: item.status,
    error_code: item.errorCode,
    error_message: item.errorCode
      ? (ERROR_MESSAGES[item.errorCode] ?? 'The bank link needs attention.')
      : null,
    last_synced_at: iso(item.lastSyncedAt),
    first_sync_job_id: item.firstSyncJobId,
    created_on: iso(item.createdAt) as string,
  }));
}

/** The client's fed accounts (of links not disconnected), with funding status on the bill-paying ones. */
export async function presentAccounts(db: DbOrTx, clientId: number): Promise<FeedAccount[]> {
  const rows = await db
    .select({
      account: bankFeedAccounts,
      itemGuid: bankFeedItems.guid,
      itemStatus: bankFeedItems.status,
      entityGuid: entityList.guid,
      entityName: entityList.nickname,
      minimumBalance: entityList.minimumAccountBalance,
      institutionGuid: clientInstitutionRows.guid,
      bookAccount: { guid: bookAccountNames.guid, name: bookAccountNames.name },
    })
    .from(bankFeedAccounts)
    .innerJoin(bankFeedItems, eq(bankFeedItems.id, bankFeedAccounts.itemId))
    .innerJoin(entityList, eq(entityList.id, bankFeedAccounts.entityId))
    .leftJoin(clientInstitutionRows, eq(clientInstitutionRows.id, bankFeedAccounts.clientInstitutionId))
    .leftJoin(bookAccountNames, eq(bookAccountNames.id, bankFeedAccounts.bookAccountId))
    .where(and(eq(bankFeedAccounts.clientId, clientId), ne(bankFeedItems.status, 'disconnected')))
    .orderBy(asc(entityList.nickname), asc(bankFeedAccounts.name), asc(bankFeedAccounts.id));
  const waiting = await waitingBillsOf(
    db,
    rows.filter((r) => r.account.paysBills).map((r) => r.account.entityId),
  );
  return rows.map(
    ({
      account,
      itemGuid,
      itemStatus,
      entityGuid,
      entityName,
      minimumBalance,
      institutionGuid,
      bookAccount,
    }) => {
      const balance = account.availableBalance ?? account.currentBalance;
      return {
        guid: account.guid,
        item_guid: itemGuid,
        entity_guid: entityGuid,
        entity_name: entityName,
        name: account.name,
        official_name: account.officialName,
        mask: account.mask,
        type: account.type,
        subtype: account.subtype,
        institution_guid: institutionGuid ?? null,
        current_balance: account.currentBalance,
        available_balance: account.availableBalance,
        balance_at: iso(account.balanceAt),
        pays_bills: account.paysBills,
        book_account: bookAccount?.guid ? { guid: bookAccount.guid, name: bookAccount.name } : null,
        funding:
          account.paysBills && balance !== null
            ? fundingOf(balance, Number(minimumBalance), waiting.get(account.entityId) ?? [])
            : null,
        item_status: itemStatus,
      };
    },
  );
}

export async function fundingOverview(db: DbOrTx, clientId: number): Promise<FundingOverview> {
  const accounts = await presentAccounts(db, clientId);
  return {
    results: accounts.flatMap((a) =>
      a.funding
        ? [
            {
              guid: a.guid,
              entity_guid: a.entity_guid,
              entity_name: a.entity_name,
              name: a.name,
              mask: a.mask,
              current_balance: a.current_balance,
              funding: a.funding,
            },
          ]
        : [],
    ),
  };
}

export async function feedAccountOf(db: DbOrTx, clientId: number, guid: string) {
  const [account] = await db
    .select()
    .from(bankFeedAccounts)
    .where(and(eq(bankFeedAccounts.clientId, clientId), eq(bankFeedAccounts.guid, guid)));
  if (!account) throw notFound();
  return account;
}

export const transactionColumns = {
  guid: bankFeedTransactions.guid,
  accountGuid: bankFeedAccounts.guid,
  amount: bankFeedTransactions.amount,
  date: bankFeedTransactions.date,
  name: bankFeedTransactions.name,
  merchantName: bankFeedTransactions.merchantName,
  checkNumber: bankFeedTransactions.checkNumber,
  pending: bankFeedTransactions.pending,
};

export function presentTransaction(row: {
  guid: string;
  accountGuid: string;
  amount: number;
  date: string;
  name: string;
  merchantName: string | null;
  checkNumber: string | null;
  pending: boolean;
}) {
  return {
    guid: row.guid,
    account_guid: row.accountGuid,
    amount: Number(row.amount),
    date: row.date,
    name: row.name,
    merchant_name: row.merchantName,
    check_number: row.checkNumber,
    pending: row.pending,
  };
}

export async function listTransactions(
  db: DbOrTx,
  clientId: number,
  accountGuid: string,
  page: { page: number; page_size: number },
) {
  const account = await feedAccountOf(db, clientId, accountGuid);
  const where = and(eq(bankFeedTransactions.accountId, account.id), isNull(bankFeedTransactions.removedAt));
  const [total] = await db.select({ n: count() }).from(bankFeedTransactions).where(where);
  const rows = await db
    .select(transactionColumns)
    .from(bankFeedTransactions)
    .innerJoin(bankFeedAccounts, eq(bankFeedAccounts.id, bankFeedTransactions.accountId))
    .where(where)
    .orderBy(desc(bankFeedTransactions.date), desc(bankFeedTransactions.id))
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);
  return { count: total?.n ?? 0, results: rows.map(presentTransaction) };
}

export async function listStatements(db: DbOrTx, clientId: number, accountGuid: string) {
  const account = await feedAccountOf(db, clientId, accountGuid);
  return { results: await statementsWhere(db, eq(bankFeedStatements.accountId, account.id)) };
}

/** Statements matching `where`, by period, with their document and reconciliation. */
export async function statementsWhere(db: DbOrTx, where: SQL | undefined) {
  const rows = await db
    .select({
      guid: bankFeedStatements.guid,
      accountGuid: bankFeedAccounts.guid,
      month: bankFeedStatements.month,
      year: bankFeedStatements.year,
      datePosted: bankFeedStatements.datePosted,
      documentGuid: documentRows.guid,
      reconciliationGuid: reconciliationRows.guid,
    })
    .from(bankFeedStatements)
    .innerJoin(bankFeedAccounts, eq(bankFeedAccounts.id, bankFeedStatements.accountId))
    .leftJoin(documentRows, eq(documentRows.id, bankFeedStatements.documentId))
    .leftJoin(reconciliationRows, eq(reconciliationRows.id, bankFeedStatements.reconciliationId))
    .where(where)
    .orderBy(desc(bankFeedStatements.year), desc(bankFeedStatements.month), asc(bankFeedStatements.id));
  return rows.map((r) => ({
    guid: r.guid,
    account_guid: r.accountGuid,
    month: r.month,
    year: r.year,
    date_posted: r.datePosted,
    document_guid: r.documentGuid ?? null,
    reconciliation_guid: r.reconciliationGuid ?? null,
  }));
}

/** The statements tied to a reconciliation (bank matching shows them on its task). */
export const statementsOfReconciliation = (db: DbOrTx, reconciliationId: number) =>
  statementsWhere(db, eq(bankFeedStatements.reconciliationId, reconciliationId));
