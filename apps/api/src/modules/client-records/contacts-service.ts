import type { Contact, PageQuery } from '@bp/contracts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Tenant } from '../entities/index.ts';
import { planPatch, scopedCrud } from '../entities/index.ts';
import { contacts } from './tables.ts';

type ContactRow = typeof contacts.$inferSelect;
export type ContactInput = Partial<Omit<Contact, 'guid' | 'created_on'>>;

const COLUMNS = {
  name: 'name',
  email_address: 'emailAddress',
  phone: 'phone',
  relation: 'relation',
  notes: 'notes',
} as const;

const present = (row: ContactRow): Contact => ({
  guid: row.guid,
  name: row.name,
  email_address: row.emailAddress,
  phone: row.phone,
  relation: row.relation,
  notes: row.notes,
  created_on: row.createdAt.toISOString(),
});

/** People around a client who are not app users. */
export function createContactService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: contacts,
    scope: contacts.clientId,
    objectType: 'contact',
    label: 'contact',
  });
  return {
    async list(tenant: Tenant, query: PageQuery) {
      const { count, rows } = await records.page(tenant.clientId, query, {
        search: [contacts.name, contacts.emailAddress, contacts.relation],
        ordering: { name: contacts.name, created_on: contacts.createdAt },
        fallback: { field: 'name', desc: false },
      });
      return { count, results: rows.map(present) };
    },

    async get(tenant: Tenant, contactGuid: string) {
      return present(await records.find(tenant.clientId, contactGuid));
    },

    async create(tenant: Tenant, input: ContactInput & { name: string }) {
      const values = {
        clientId: tenant.clientId,
        name: input.name,
        emailAddress: input.email_address ?? null,
        phone: input.phone ?? null,
        relation: input.relation ?? null,
        notes: input.notes ?? null,
      };
      return records.create(tenant, values, present);
    },

    async patch(tenant: Tenant, contactGuid: string, input: ContactInput) {
      const row = await records.find(tenant.clientId, contactGuid);
      const before = present(row);
      return records.update(tenant, row, before, planPatch(COLUMNS, before, input), present);
    },

    async remove(tenant: Tenant, contactGuid: string) {
      const row = await records.find(tenant.clientId, contactGuid);
      await records.remove(tenant, row, present(row));
    },
  };
}
