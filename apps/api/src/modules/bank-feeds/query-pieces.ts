import { eq, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { bankFeedAccounts, bankFeedTransactions } from './tables.ts';

/**
 * Bank lines (not removed) with their account, as a query piece others join (bank matching): the
 * line's ids, amount, date, texts, and the client's account it was fed into.
 */
export const bankLineRows = new QueryBuilder()
  .select({
    id: bankFeedTransactions.id,
    guid: bankFeedTransactions.guid,
    /** The aggregator's id: the books' bank line `externalId` (toBankLines). */
    providerTransactionId: bankFeedTransactions.providerTransactionId,
    clientId: bankFeedTransactions.clientId,
    entityId: bankFeedTransactions.entityId,
    amount: bankFeedTransactions.amount,
    date: bankFeedTransactions.date,
    name: bankFeedTransactions.name,
    merchantName: bankFeedTransactions.merchantName,
    checkNumber: bankFeedTransactions.checkNumber,
    pending: bankFeedTransactions.pending,
    // Aliased: the line's own guid and name have the same column names.
    accountGuid: sql<string>`${bankFeedAccounts.guid}`.as('account_guid'),
    accountName: sql<string>`${bankFeedAccounts.name}`.as('account_name'),
    clientInstitutionId: bankFeedAccounts.clientInstitutionId,
    /** The entity's books account the line landed in (decision 037), or null. */
    bookAccountId: bankFeedAccounts.bookAccountId,
  })
  .from(bankFeedTransactions)
  .innerJoin(bankFeedAccounts, eq(bankFeedAccounts.id, bankFeedTransactions.accountId))
  .where(isNull(bankFeedTransactions.removedAt))
  .as('bank_line_rows');
