import type { PageQuery, PaymentTerm } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { hasChanges, planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { paymentTerms } from './tables.ts';
import { auditWrite, createdChanges, deletedChanges, type Tenant } from './tenant.ts';

type PaymentTermRow = typeof paymentTerms.$inferSelect;
const COLUMNS = { name: 'name', due_days: 'dueDays' } as const;
const ORDERING = ['name', 'due_days'] as const;

const present = (row: PaymentTermRow): PaymentTerm => ({
  guid: row.guid,
  name: row.name,
  due_days: row.dueDays,
});

async function findTerm(db: DbOrTx, entityId: number, paymentTermGuid: string): Promise<PaymentTermRow> {
  const [row] = await db
    .select()
    .from(paymentTerms)
    .where(and(eq(paymentTerms.guid, paymentTermGuid), eq(paymentTerms.entityId, entityId)));
  if (!row) throw notFound();
  return row;
}

/** Payment terms of an entity (name and days until a bill is due). */
export function createPaymentTermService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery) {
      const entity = await findEntity(db, tenant, entityGuid);
      const where = and(eq(paymentTerms.entityId, entity.id), containsAny(query.search, [paymentTerms.name]));
      const order = parseOrdering(query.ordering, ORDERING, { field: 'due_days', desc: false });
      const column = order.field === 'name' ? paymentTerms.name : paymentTerms.dueDays;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(paymentTerms).where(where);
      const rows = await db
        .select()
        .from(paymentTerms)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(paymentTerms.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map(present) };
    },

    async get(tenant: Tenant, entityGuid: string, paymentTermGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await findTerm(db, entity.id, paymentTermGuid));
    },

    async create(tenant: Tenant, entityGuid: string, input: { name: string; due_days: number }) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentTerms)
          .values({ entityId: entity.id, name: input.name, dueDays: input.due_days })
          .returning();
        if (!row) throw new Error('payment term insert returned nothing');
        const created = present(row);
        await auditWrite(tx, tenant, {
          action: 'payment_term_created',
          objectType: 'payment_term',
          objectGuid: row.guid,
          changes: createdChanges(created),
        });
        return created;
      });
    },

    async patch(
      tenant: Tenant,
      entityGuid: string,
      paymentTermGuid: string,
      input: { name?: string | undefined; due_days?: number | undefined },
    ) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await findTerm(db, entity.id, paymentTermGuid);
      const before = present(row);
      const plan = planPatch(COLUMNS, before, input);
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(paymentTerms)
          .set(plan.set as Partial<PaymentTermRow>)
          .where(eq(paymentTerms.id, row.id))
          .returning();
        await auditWrite(tx, tenant, {
          action: 'payment_term_updated',
          objectType: 'payment_term',
          objectGuid: row.guid,
          changes: plan.changes,
        });
        return present(updated ?? row);
      });
    },

    async remove(tenant: Tenant, entityGuid: string, paymentTermGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await findTerm(db, entity.id, paymentTermGuid);
      await db.transaction(async (tx) => {
        await tx.delete(paymentTerms).where(eq(paymentTerms.id, row.id));
        await auditWrite(tx, tenant, {
          action: 'payment_term_deleted',
          objectType: 'payment_term',
          objectGuid: row.guid,
          changes: deletedChanges(present(row)),
        });
      });
    },
  };
}
