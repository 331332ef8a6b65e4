// Primary keys that other modules' tables reference (foreign keys). Only tables.ts files import this;
// everything else uses index.ts (docs/architecture.md). Kept apart so the schema loads without services.
import { accounts, divisions, entities, vendors } from './tables.ts';

export const accountsPrimaryKey = accounts.id;
export const divisionsPrimaryKey = divisions.id;
export const entitiesPrimaryKey = entities.id;
export const vendorsPrimaryKey = vendors.id;
