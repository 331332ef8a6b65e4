// Primary keys that other modules' tables reference (foreign keys). Only tables.ts files import this;
// everything else uses index.ts (docs/architecture.md). Kept apart so the schema loads without services.
import { bookAccounts } from './tables.ts';

export const bookAccountsPrimaryKey = bookAccounts.id;
