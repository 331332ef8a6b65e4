import type { Account, PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { conflict, notFound } from './errors.ts';
import { planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { scopedCrud } from './scoped-crud.ts';
import { accounts } from './tables.ts';
import type { Tenant } from './tenant.ts';

type AccountRow = typeof accounts.$inferSelect;
type Parent = { id: number; guid: string; name: string } | null;
export interface AccountInput {
  name?: string | undefined;
  number?: string | null | undefined;
  account_type?: string | null | undefined;
  parent?: string | null | undefined;
  assignable_to_bill?: boolean | undefined;
  is_active?: boolean | undefined;
}

const COLUMNS = {
  name: 'name',
  number: 'number',
  account_type: 'accountType',
  parent: 'parentId',
  assignable_to_bill: 'assignableToBill',
  is_active: 'isActive',
} as const;
const ORDERING = ['display_2_levels', 'name', 'number', 'created_on'] as const;
const parentAccounts = alias(accounts, 'parent_account');

/** "Parent: Child" for a sub-account, the name for a top-level one. */
export const display2Levels = (name: string, parentName: string | null | undefined) =>
  parentName ? `${parentName}: ${name}` : name;

const present = (row: AccountRow, parent: Parent): Account => ({
  guid: row.guid,
  name: row.name,
  number: row.number,
  account_type: row.accountType,
  parent: parent?.guid ?? null,
  assignable_to_bill: row.assignableToBill,
  is_active: row.isActive,
  display_2_levels: display2Levels(row.name, parent?.name),
});

const withParent = {
  account: accounts,
  parent: { id: parentAccounts.id, guid: parentAccounts.guid, name: parentAccounts.name },
};

async function findAccount(db: DbOrTx, entityId: number, accountGuid: string) {
  const [row] = await db
    .select(withParent)
    .from(accounts)
    .leftJoin(parentAccounts, eq(parentAccounts.id, accounts.parentId))
    .where(and(eq(accounts.guid, accountGuid), eq(accounts.entityId, entityId)));
  if (!row) throw notFound();
  return row;
}

/** The parent an account may have: a top-level account of the same entity (two levels at most). */
async function resolveParent(
  db: DbOrTx,
  entityId: number,
  parentGuid: string | null,
  self: AccountRow | null,
) {
  if (parentGuid === null) return null;
  const [parent] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.guid, parentGuid), eq(accounts.entityId, entityId)));
  if (!parent) throw invalid('parent', 'Choose an account of this entity.');
  if (self && parent.id === self.id) throw invalid('parent', 'An account cannot be its own parent.');
  if (parent.parentId !== null)
    throw invalid('parent', 'Choose a top-level account: accounts have two levels at most.');
  if (self) {
    const [children] = await db.select({ n: count() }).from(accounts).where(eq(accounts.parentId, self.id));
    if ((children?.n ?? 0) > 0)
      throw invalid('parent', 'This account has sub-accounts, so it cannot become a sub-account.');
  }
  return { id: parent.id, guid: parent.guid, name: parent.name };
}

/** The chart of accounts of an entity, two levels deep. */
export function createAccountService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: accounts,
    scope: accounts.entityId,
    objectType: 'account',
    label: 'account',
  });
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery & { assignable?: boolean | undefined }) {
      const entity = await findEntity(db, tenant, entityGuid);
      const conditions: (SQL | undefined)[] = [
        eq(accounts.entityId, entity.id),
        containsAny(query.search, [accounts.name, accounts.number, parentAccounts.name]),
      ];
      if (query.assignable === true)
        conditions.push(eq(accounts.assignableToBill, true), eq(accounts.isActive, true));
      if (query.assignable === false) conditions.push(eq(accounts.assignableToBill, false));
      const where = and(...conditions);
      const order = parseOrdering(query.ordering, ORDERING, { field: 'display_2_levels', desc: false });
      const direction = order.desc ? desc : asc;
      const orderBy =
        order.field === 'display_2_levels'
          ? [
              direction(sql`coalesce(${parentAccounts.name}, ${accounts.name})`),
              asc(sql`${accounts.parentId} is not null`),
              direction(accounts.name),
            ]
          : [
              direction(
                { name: accounts.name, number: accounts.number, created_on: accounts.createdAt }[order.field],
              ),
            ];
      const { limit, offset } = pageWindow(query);
      const [total] = await db
        .select({ n: count() })
        .from(accounts)
        .leftJoin(parentAccounts, eq(parentAccounts.id, accounts.parentId))
        .where(where);
      const rows = await db
        .select(withParent)
        .from(accounts)
        .leftJoin(parentAccounts, eq(parentAccounts.id, accounts.parentId))
        .where(where)
        .orderBy(...orderBy, asc(accounts.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map((r) => present(r.account, r.parent)) };
    },

    async get(tenant: Tenant, entityGuid: string, accountGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      const row = await findAccount(db, entity.id, accountGuid);
      return present(row.account, row.parent);
    },

    async create(tenant: Tenant, entityGuid: string, input: AccountInput & { name: string }) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const parent = await resolveParent(db, entity.id, input.parent ?? null, null);
      const values = {
        entityId: entity.id,
        parentId: parent?.id ?? null,
        name: input.name,
        number: input.number ?? null,
        accountType: input.account_type ?? null,
        assignableToBill: input.assignable_to_bill ?? true,
        isActive: input.is_active ?? true,
      };
      return records.create(tenant, values, (row) => present(row, parent));
    },

    async patch(tenant: Tenant, entityGuid: string, accountGuid: string, input: AccountInput) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const { account: row, parent: currentParent } = await findAccount(db, entity.id, accountGuid);
      const before = present(row, currentParent);
      const parentChanges = input.parent !== undefined && input.parent !== before.parent;
      const parent = parentChanges
        ? await resolveParent(db, entity.id, input.parent ?? null, row)
        : currentParent;
      const plan = planPatch(COLUMNS, before, input, { parent: parent?.id ?? null });
      return records.update(tenant, row, before, plan, (r) => present(r, parent));
    },

    async remove(tenant: Tenant, entityGuid: string, accountGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const { account: row, parent } = await findAccount(db, entity.id, accountGuid);
      const [children] = await db.select({ n: count() }).from(accounts).where(eq(accounts.parentId, row.id));
      if ((children?.n ?? 0) > 0) throw conflict('This account has sub-accounts. Delete or move them first.');
      await records.remove(tenant, row, present(row, parent));
    },
  };
}
