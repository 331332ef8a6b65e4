import { QueryBuilder } from 'drizzle-orm/pg-core';
import { bookAccounts } from './tables.ts';

/** Books accounts by id with their guid and name, for others to join (a fed bank account's books account). */
export const bookAccountNames = new QueryBuilder()
  .select({ id: bookAccounts.id, guid: bookAccounts.guid, name: bookAccounts.name })
  .from(bookAccounts)
  .as('book_account_names');
