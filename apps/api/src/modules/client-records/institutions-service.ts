import type { ClientInstitution, PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import type { Tenant } from '../entities/index.ts';
import { planPatch, scopedCrud } from '../entities/index.ts';
// The shared institution list is read only: to check and show a client account's parent institution.
import { parentInstitutionList } from '../institutions/index.ts';
import { notFound } from './errors.ts';
import { clientInstitutions } from './tables.ts';

type InstitutionRow = typeof clientInstitutions.$inferSelect;
type Parent = { id: number; guid: string; name: string } | null;
export type InstitutionInput = {
  name?: string | undefined;
  account_last4?: string | null | undefined;
  parent_institution?: string | null | undefined;
};

const COLUMNS = {
  name: 'name',
  account_last4: 'accountLast4',
  parent_institution: 'parentInstitutionId',
} as const;
const ORDERING = ['name', 'created_on'] as const;
const withParent = {
  institution: clientInstitutions,
  parent: {
    id: parentInstitutionList.id,
    guid: parentInstitutionList.guid,
    name: parentInstitutionList.name,
  },
};

const present = (row: InstitutionRow, parent: Parent): ClientInstitution => ({
  guid: row.guid,
  name: row.name,
  account_last4: row.accountLast4,
  parent_institution: parent?.guid ?? null,
  parent_institution_name: parent?.name ?? null,
  created_on: row.createdAt.toISOString(),
});

async function findInstitution(db: DbOrTx, tenant: Tenant, institutionGuid: string) {
  const [row] = await db
    .select(withParent)
    .from(clientInstitutions)
    .leftJoin(parentInstitutionList, eq(parentInstitutionList.id, clientInstitutions.parentInstitutionId))
    .where(
      and(eq(clientInstitutions.guid, institutionGuid), eq(clientInstitutions.clientId, tenant.clientId)),
    );
  if (!row) throw notFound();
  return row;
}

async function resolveParent(db: DbOrTx, parentGuid: string | null): Promise<Parent> {
  if (parentGuid === null) return null;
  const [row] = await db
    .select({
      id: parentInstitutionList.id,
      guid: parentInstitutionList.guid,
      name: parentInstitutionList.name,
    })
    .from(parentInstitutionList)
    .where(and(eq(parentInstitutionList.guid, parentGuid), eq(parentInstitutionList.isActive, true)));
  if (!row) throw invalid('parent_institution', 'Choose an institution of the list.');
  return row;
}

/** The client's accounts at institutions (the bank list of the client page). */
export function createInstitutionRecordService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: clientInstitutions,
    scope: clientInstitutions.clientId,
    objectType: 'client_institution',
    label: 'institution',
  });
  return {
    async list(tenant: Tenant, query: PageQuery) {
      const where = and(
        eq(clientInstitutions.clientId, tenant.clientId),
        containsAny(query.search, [clientInstitutions.name, parentInstitutionList.name]),
      );
      const order = parseOrdering(query.ordering, ORDERING, { field: 'name', desc: false });
      const column = order.field === 'name' ? clientInstitutions.name : clientInstitutions.createdAt;
      const { limit, offset } = pageWindow(query);
      const [total] = await db
        .select({ n: count() })
        .from(clientInstitutions)
        .leftJoin(parentInstitutionList, eq(parentInstitutionList.id, clientInstitutions.parentInstitutionId))
        .where(where);
      const rows = await db
        .select(withParent)
        .from(clientInstitutions)
        .leftJoin(parentInstitutionList, eq(parentInstitutionList.id, clientInstitutions.parentInstitutionId))
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(clientInstitutions.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map((r) => present(r.institution, r.parent)) };
    },

    async get(tenant: Tenant, institutionGuid: string) {
      const row = await findInstitution(db, tenant, institutionGuid);
      return present(row.institution, row.parent);
    },

    async create(tenant: Tenant, input: InstitutionInput & { name: string }) {
      const parent = await resolveParent(db, input.parent_institution ?? null);
      const values = {
        clientId: tenant.clientId,
        name: input.name,
        accountLast4: input.account_last4 ?? null,
        parentInstitutionId: parent?.id ?? null,
      };
      return records.create(tenant, values, (row) => present(row, parent));
    },

    async patch(tenant: Tenant, institutionGuid: string, input: InstitutionInput) {
      const { institution: row, parent: current } = await findInstitution(db, tenant, institutionGuid);
      const before = present(row, current);
      const parentChanges =
        input.parent_institution !== undefined && input.parent_institution !== before.parent_institution;
      const parent = parentChanges ? await resolveParent(db, input.parent_institution ?? null) : current;
      const { parent_institution_name: _, ...comparable } = before;
      const plan = planPatch(COLUMNS, comparable, input, { parent_institution: parent?.id ?? null });
      return records.update(tenant, row, before, plan, (r) => present(r, parent));
    },

    /** Its bank contacts stay, without an institution. */
    async remove(tenant: Tenant, institutionGuid: string) {
      const { institution: row, parent } = await findInstitution(db, tenant, institutionGuid);
      await records.remove(tenant, row, present(row, parent));
    },
  };
}
