import type { PageQuery, PaymentTerm } from '@bp/contracts';
import type { AppDeps } from '../../platform/deps.ts';
import { planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { scopedCrud } from './scoped-crud.ts';
import { paymentTerms } from './tables.ts';
import type { Tenant } from './tenant.ts';

type PaymentTermRow = typeof paymentTerms.$inferSelect;
const COLUMNS = { name: 'name', due_days: 'dueDays' } as const;

const present = (row: PaymentTermRow): PaymentTerm => ({
  guid: row.guid,
  name: row.name,
  due_days: row.dueDays,
});

/** Payment terms of an entity (name and days until a bill is due). */
export function createPaymentTermService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: paymentTerms,
    scope: paymentTerms.entityId,
    objectType: 'payment_term',
    label: 'payment term',
  });
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery) {
      const entity = await findEntity(db, tenant, entityGuid);
      const { count, rows } = await records.page(entity.id, query, {
        search: [paymentTerms.name],
        ordering: { name: paymentTerms.name, due_days: paymentTerms.dueDays },
        fallback: { field: 'due_days', desc: false },
      });
      return { count, results: rows.map(present) };
    },

    async get(tenant: Tenant, entityGuid: string, paymentTermGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await records.find(entity.id, paymentTermGuid));
    },

    async create(tenant: Tenant, entityGuid: string, input: { name: string; due_days: number }) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const values = { entityId: entity.id, name: input.name, dueDays: input.due_days };
      return records.create(tenant, values, present);
    },

    async patch(
      tenant: Tenant,
      entityGuid: string,
      paymentTermGuid: string,
      input: { name?: string | undefined; due_days?: number | undefined },
    ) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, paymentTermGuid);
      const before = present(row);
      return records.update(tenant, row, before, planPatch(COLUMNS, before, input), present);
    },

    async remove(tenant: Tenant, entityGuid: string, paymentTermGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, paymentTermGuid);
      await records.remove(tenant, row, present(row));
    },
  };
}
