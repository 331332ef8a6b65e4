import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { organizations, organizationUsers } from './tables.ts';

// Organisations and their memberships as other modules join them: subqueries (PostgreSQL folds them into
// the outer query), so a read stays one SQL statement without the tables leaving this module.
const qb = new QueryBuilder();

/** Staff memberships of organisations (organisation users): role, team label, active. */
export const memberships = qb
  .select(getTableColumns(organizationUsers))
  .from(organizationUsers)
  .as('memberships');

export const organizationList = qb
  .select(getTableColumns(organizations))
  .from(organizations)
  .as('organization_list');

/** A membership row as `memberships` reads it. */
export type MembershipRow = typeof organizationUsers.$inferSelect;

type MembershipColumns = { [K in keyof MembershipRow]: (typeof memberships)[K] };

/** Every column of `memberships`, to select a whole membership beside the caller's own rows. */
export const membershipColumns = Object.fromEntries(
  Object.keys(getTableColumns(organizationUsers)).map((key) => [
    key,
    memberships[key as keyof MembershipColumns],
  ]),
) as MembershipColumns;
