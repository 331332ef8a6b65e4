import { getTableColumns, type Table } from 'drizzle-orm';
import { clients } from '../../apps/api/src/modules/clients/tables.ts';
import { users } from '../../apps/api/src/modules/users/tables.ts';

/**
 * The statements the measured routes send, written out as the driver receives them from Drizzle.
 * The baseline runs exactly these; run.ts checks them against what the app really sends (SQL parity),
 * so a change in apps/api shows up as a parity failure instead of a silently unfair ratio. Whole-row
 * selects take their column lists from the table definitions, so a new column does not break parity.
 */

/** Every column of a table in declaration order, as Drizzle lists them for `select()`. */
const allColumns = (table: Table) =>
  Object.values(getTableColumns(table))
    .map((c) => `"${c.name}"`)
    .join(', ');

const USER_COLUMNS = allColumns(users);

const MEMBERSHIP_JOIN =
  'from "organization_users" inner join "organizations" on "organizations"."id" = "organization_users"."organization_id"';

export const SQL = {
  /** The access guard: who holds this token ($1 guid, $2 true). */
  guardUser:
    'select "id", "guid", "email", "type", "staff" from "users" where ("users"."guid" = $1 and "users"."is_active" = $2)',
  /** The whole user row ($1 guid, $2 true). */
  activeUser: `select ${USER_COLUMNS} from "users" where ("users"."guid" = $1 and "users"."is_active" = $2)`,
  /** $1 user id. */
  features:
    'select "feature_name" from "user_features" where "user_features"."user_id" = $1 order by "user_features"."feature_name"',
  /** Any organisation of the user that requires MFA ($1 user id, $2 true, $3 1). */
  mfaOrganization: `select "organizations"."id" ${MEMBERSHIP_JOIN} where ("organization_users"."user_id" = $1 and "organizations"."mfa_required" = $2) limit $3`,
  /** Password expiry of the user's organisations ($1 user id, $2 true). */
  passwordExpiry: `select "organizations"."password_expiry_days" ${MEMBERSHIP_JOIN} where ("organization_users"."user_id" = $1 and "organization_users"."is_active" = $2 and "organizations"."password_expiry_days" is not null)`,
  /** The organisation guard: membership of the caller ($1 org guid, $2 user id, $3 true). */
  organizationScope: `select "organizations"."id", "organizations"."guid", "organizations"."name", "organization_users"."id", "organization_users"."role", "organization_users"."team_label" ${MEMBERSHIP_JOIN} where ("organizations"."guid" = $1 and "organization_users"."user_id" = $2 and "organization_users"."is_active" = $3)`,
  /** The organisation guard: permissions granted through groups ($1 organization_users.id). */
  groupPermissions:
    'select "group_permissions"."slug" from "group_users" inner join "group_permissions" on "group_permissions"."group_id" = "group_users"."group_id" where "group_users"."organization_user_id" = $1',
  /** Refresh-token rotation ($1 jti, $2 user id, $3 expires at). */
  blacklistRefresh:
    'insert into "refresh_token_blacklist" ("jti", "user_id", "expires_at", "created_at") values ($1, $2, $3, default) on conflict do nothing returning "jti"',
} as const;

/** The clients' columns, then the referrer's guid and name (the list's left join). */
export const CLIENT_LIST_COLUMNS = [
  ...Object.values(getTableColumns(clients)).map((c) => c.name),
  'referrer_guid',
  'referrer_name',
];
const CLIENT_LIST_SELECT = [
  ...Object.values(getTableColumns(clients)).map((c) => `"clients"."${c.name}"`),
  '"client_referrers"."guid"',
  '"client_referrers"."name"',
].join(', ');

export interface ClientListSql {
  count: { text: string; params: unknown[] };
  page: { text: string; params: unknown[] };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The clients list of an organisation by name (the default ordering): one page with each client's
 * referrer, then the count. Drizzle leaves out `offset` on the first page and the `ilike` without a term.
 */
export function clientListSql(
  organizationId: number,
  page: { limit: number; offset: number },
  search?: string,
): ClientListSql {
  const term = search?.trim();
  const params: unknown[] = [organizationId];
  let where = '"clients"."organization_id" = $1 and "clients"."archived_at" is null';
  if (term) {
    params.push(`%${escapeLike(term)}%`);
    where += ` and "clients"."name" ilike $${params.length}`;
  }
  const count = { text: `select count(*) from "clients" where (${where})`, params: [...params] };
  let text =
    `select ${CLIENT_LIST_SELECT} from "clients" ` +
    'left join "client_referrers" on "client_referrers"."id" = "clients"."client_referrer_id" ' +
    `where (${where}) order by "clients"."name" asc, "clients"."id" asc`;
  const pageParams = [...params, page.limit];
  text += ` limit $${pageParams.length}`;
  if (page.offset > 0) {
    pageParams.push(page.offset);
    text += ` offset $${pageParams.length}`;
  }
  return { count, page: { text, params: pageParams } };
}
