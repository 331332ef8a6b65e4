import type { Customer, PageQuery } from '@bp/contracts';
import type { AppDeps } from '../../platform/deps.ts';
import { planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { scopedCrud } from './scoped-crud.ts';
import { customers } from './tables.ts';
import type { Tenant } from './tenant.ts';

type CustomerRow = typeof customers.$inferSelect;
type CustomerInput = {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
};
const COLUMNS = { name: 'name', email: 'email', phone: 'phone' } as const;

const present = (row: CustomerRow): Customer => ({
  guid: row.guid,
  name: row.name,
  email: row.email,
  phone: row.phone,
});

/** Customers of an entity (who pays it: tenants of a rental, for instance). */
export function createCustomerService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: customers,
    scope: customers.entityId,
    objectType: 'customer',
    label: 'customer',
  });
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery) {
      const entity = await findEntity(db, tenant, entityGuid);
      const { count, rows } = await records.page(entity.id, query, {
        search: [customers.name, customers.email],
        ordering: { name: customers.name, created_on: customers.createdAt },
        fallback: { field: 'name', desc: false },
      });
      return { count, results: rows.map(present) };
    },

    async get(tenant: Tenant, entityGuid: string, customerGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await records.find(entity.id, customerGuid));
    },

    async create(tenant: Tenant, entityGuid: string, input: CustomerInput & { name: string }) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const values = {
        entityId: entity.id,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
      };
      return records.create(tenant, values, present);
    },

    async patch(tenant: Tenant, entityGuid: string, customerGuid: string, input: CustomerInput) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, customerGuid);
      const before = present(row);
      return records.update(tenant, row, before, planPatch(COLUMNS, before, input), present);
    },

    async remove(tenant: Tenant, entityGuid: string, customerGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, customerGuid);
      await records.remove(tenant, row, present(row));
    },
  };
}
