// Primary keys that other modules' tables reference (foreign keys). Only tables.ts files import this;
// everything else uses index.ts (docs/architecture.md). Kept apart so the schema loads without services.
import { bankFeedAccounts, bankFeedTransactions } from './tables.ts';

export const bankFeedAccountsPrimaryKey = bankFeedAccounts.id;
export const bankFeedTransactionsPrimaryKey = bankFeedTransactions.id;
