import type { Customer, PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { hasChanges, planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { customers } from './tables.ts';
import { auditWrite, createdChanges, deletedChanges, type Tenant } from './tenant.ts';

type CustomerRow = typeof customers.$inferSelect;
type CustomerInput = {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
};
const COLUMNS = { name: 'name', email: 'email', phone: 'phone' } as const;
const ORDERING = ['name', 'created_on'] as const;

const present = (row: CustomerRow): Customer => ({
  guid: row.guid,
  name: row.name,
  email: row.email,
  phone: row.phone,
});

async function findCustomer(db: DbOrTx, entityId: number, customerGuid: string): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.guid, customerGuid), eq(customers.entityId, entityId)));
  if (!row) throw notFound();
  return row;
}

/** Customers of an entity (who pays it: tenants of a rental, for instance). */
export function createCustomerService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery) {
      const entity = await findEntity(db, tenant, entityGuid);
      const where = and(
        eq(customers.entityId, entity.id),
        containsAny(query.search, [customers.name, customers.email]),
      );
      const order = parseOrdering(query.ordering, ORDERING, { field: 'name', desc: false });
      const column = order.field === 'name' ? customers.name : customers.createdAt;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(customers).where(where);
      const rows = await db
        .select()
        .from(customers)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(customers.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map(present) };
    },

    async get(tenant: Tenant, entityGuid: string, customerGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await findCustomer(db, entity.id, customerGuid));
    },

    async create(tenant: Tenant, entityGuid: string, input: CustomerInput & { name: string }) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            entityId: entity.id,
            name: input.name,
            email: input.email ?? null,
            phone: input.phone ?? null,
          })
          .returning();
        if (!row) throw new Error('customer insert returned nothing');
        const created = present(row);
        await auditWrite(tx, tenant, {
          action: 'customer_created',
          objectType: 'customer',
          objectGuid: row.guid,
          changes: createdChanges(created),
        });
        return created;
      });
    },

    async patch(tenant: Tenant, entityGuid: string, customerGuid: string, input: CustomerInput) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await findCustomer(db, entity.id, customerGuid);
      const before = present(row);
      const plan = planPatch(COLUMNS, before, input);
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(customers)
          .set(plan.set as Partial<CustomerRow>)
          .where(eq(customers.id, row.id))
          .returning();
        await auditWrite(tx, tenant, {
          action: 'customer_updated',
          objectType: 'customer',
          objectGuid: row.guid,
          changes: plan.changes,
        });
        return present(updated ?? row);
      });
    },

    async remove(tenant: Tenant, entityGuid: string, customerGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await findCustomer(db, entity.id, customerGuid);
      await db.transaction(async (tx) => {
        await tx.delete(customers).where(eq(customers.id, row.id));
        await auditWrite(tx, tenant, {
          action: 'customer_deleted',
          objectType: 'customer',
          objectGuid: row.guid,
          changes: deletedChanges(present(row)),
        });
      });
    },
  };
}
