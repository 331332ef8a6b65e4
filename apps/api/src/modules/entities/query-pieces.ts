import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import {
  accounts,
  designatedEntities,
  designatedVendors,
  divisions,
  entities,
  excludedVendors,
  vendors,
} from './tables.ts';

// A client's entities, vendors, accounts, divisions and designee limits as other modules join them:
// subqueries (PostgreSQL folds them into the outer query), so a read stays one SQL statement without the
// tables leaving this module.
const qb = new QueryBuilder();

export const entityList = qb.select(getTableColumns(entities)).from(entities).as('entity_list');
export const vendorList = qb.select(getTableColumns(vendors)).from(vendors).as('vendor_list');
export const accountList = qb.select(getTableColumns(accounts)).from(accounts).as('account_list');
export const divisionList = qb.select(getTableColumns(divisions)).from(divisions).as('division_list');
/** Entities a designee client user is limited to. */
export const designatedEntityList = qb
  .select(getTableColumns(designatedEntities))
  .from(designatedEntities)
  .as('designated_entity_list');
/** Vendors a designee client user is limited to. */
export const designatedVendorList = qb
  .select(getTableColumns(designatedVendors))
  .from(designatedVendors)
  .as('designated_vendor_list');
/** Vendors a client user never sees. */
export const excludedVendorList = qb
  .select(getTableColumns(excludedVendors))
  .from(excludedVendors)
  .as('excluded_vendor_list');
/** Accounts again, as the parent of a joined account (a line's account shown with its parent's name). */
export const parentAccountList = qb.select(getTableColumns(accounts)).from(accounts).as('parent_account');

/** Every column of vendorList: `{ vendor: vendorColumns }` selects a whole vendor row beside others. */
export const vendorColumns = Object.fromEntries(
  Object.keys(getTableColumns(vendors)).map((name) => [
    name,
    (vendorList as unknown as Record<string, unknown>)[name],
  ]),
) as { [K in keyof typeof vendors.$inferSelect]: (typeof vendorList)[K] };
