import type { BankContact, PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import type { Tenant } from '../entities/index.ts';
import { planPatch, scopedCrud } from '../entities/index.ts';
import { notFound } from './errors.ts';
import { bankContacts, clientInstitutions } from './tables.ts';

type BankContactRow = typeof bankContacts.$inferSelect;
export type BankContactInput = Partial<Omit<BankContact, 'guid' | 'created_on'>>;

const COLUMNS = {
  name: 'name',
  title: 'title',
  email: 'email',
  phone: 'phone',
  institution: 'clientInstitutionId',
} as const;
const ORDERING = ['name', 'created_on'] as const;
const withInstitution = { contact: bankContacts, institutionGuid: clientInstitutions.guid };

const present = (row: BankContactRow, institutionGuid: string | null): BankContact => ({
  guid: row.guid,
  name: row.name,
  title: row.title,
  email: row.email,
  phone: row.phone,
  institution: institutionGuid,
  created_on: row.createdAt.toISOString(),
});

async function findBankContact(db: DbOrTx, tenant: Tenant, bankContactGuid: string) {
  const [row] = await db
    .select(withInstitution)
    .from(bankContacts)
    .leftJoin(clientInstitutions, eq(clientInstitutions.id, bankContacts.clientInstitutionId))
    .where(and(eq(bankContacts.guid, bankContactGuid), eq(bankContacts.clientId, tenant.clientId)));
  if (!row) throw notFound();
  return row;
}

/** One of this client's institutions by guid → its id; anything else is a 400 on `institution`. */
async function resolveInstitution(db: DbOrTx, tenant: Tenant, guid: string | null): Promise<number | null> {
  if (guid === null) return null;
  const [row] = await db
    .select({ id: clientInstitutions.id })
    .from(clientInstitutions)
    .where(and(eq(clientInstitutions.guid, guid), eq(clientInstitutions.clientId, tenant.clientId)));
  if (!row) throw invalid('institution', "Choose one of this client's institutions.");
  return row.id;
}

/** Whom to call at a client's bank. */
export function createBankContactService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: bankContacts,
    scope: bankContacts.clientId,
    objectType: 'bank_contact',
    label: 'bank contact',
  });
  return {
    async list(tenant: Tenant, query: PageQuery) {
      const where = and(
        eq(bankContacts.clientId, tenant.clientId),
        containsAny(query.search, [bankContacts.name, bankContacts.email]),
      );
      const order = parseOrdering(query.ordering, ORDERING, { field: 'name', desc: false });
      const column = order.field === 'name' ? bankContacts.name : bankContacts.createdAt;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(bankContacts).where(where);
      const rows = await db
        .select(withInstitution)
        .from(bankContacts)
        .leftJoin(clientInstitutions, eq(clientInstitutions.id, bankContacts.clientInstitutionId))
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(bankContacts.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map((r) => present(r.contact, r.institutionGuid)) };
    },

    async get(tenant: Tenant, bankContactGuid: string) {
      const row = await findBankContact(db, tenant, bankContactGuid);
      return present(row.contact, row.institutionGuid);
    },

    async create(tenant: Tenant, input: BankContactInput & { name: string }) {
      const institutionId = await resolveInstitution(db, tenant, input.institution ?? null);
      const values = {
        clientId: tenant.clientId,
        clientInstitutionId: institutionId,
        name: input.name,
        title: input.title ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
      };
      return records.create(tenant, values, (row) => present(row, input.institution ?? null));
    },

    async patch(tenant: Tenant, bankContactGuid: string, input: BankContactInput) {
      const { contact: row, institutionGuid } = await findBankContact(db, tenant, bankContactGuid);
      const before = present(row, institutionGuid);
      const institutionChanges = input.institution !== undefined && input.institution !== before.institution;
      const institutionId = institutionChanges
        ? await resolveInstitution(db, tenant, input.institution ?? null)
        : row.clientInstitutionId;
      const plan = planPatch(COLUMNS, before, input, { institution: institutionId });
      const institution = institutionChanges ? (input.institution ?? null) : institutionGuid;
      return records.update(tenant, row, before, plan, (r) => present(r, institution));
    },

    async remove(tenant: Tenant, bankContactGuid: string) {
      const { contact: row, institutionGuid } = await findBankContact(db, tenant, bankContactGuid);
      await records.remove(tenant, row, present(row, institutionGuid));
    },
  };
}
