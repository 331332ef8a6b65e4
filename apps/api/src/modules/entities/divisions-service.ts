import type { Division, PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { hasChanges, planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { divisions } from './tables.ts';
import { auditWrite, createdChanges, deletedChanges, type Tenant } from './tenant.ts';

type DivisionRow = typeof divisions.$inferSelect;
const COLUMNS = { name: 'name', is_active: 'isActive' } as const;
const ORDERING = ['name', 'created_on'] as const;

const present = (row: DivisionRow): Division => ({ guid: row.guid, name: row.name, is_active: row.isActive });

async function findDivision(db: DbOrTx, entityId: number, divisionGuid: string): Promise<DivisionRow> {
  const [row] = await db
    .select()
    .from(divisions)
    .where(and(eq(divisions.guid, divisionGuid), eq(divisions.entityId, entityId)));
  if (!row) throw notFound();
  return row;
}

/** Divisions of an entity (the bill line's division). */
export function createDivisionService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery) {
      const entity = await findEntity(db, tenant, entityGuid);
      const where = and(eq(divisions.entityId, entity.id), containsAny(query.search, [divisions.name]));
      const order = parseOrdering(query.ordering, ORDERING, { field: 'name', desc: false });
      const column = order.field === 'name' ? divisions.name : divisions.createdAt;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(divisions).where(where);
      const rows = await db
        .select()
        .from(divisions)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(divisions.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map(present) };
    },

    async get(tenant: Tenant, entityGuid: string, divisionGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await findDivision(db, entity.id, divisionGuid));
    },

    async create(
      tenant: Tenant,
      entityGuid: string,
      input: { name: string; is_active?: boolean | undefined },
    ) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(divisions)
          .values({ entityId: entity.id, name: input.name, isActive: input.is_active ?? true })
          .returning();
        if (!row) throw new Error('division insert returned nothing');
        const created = present(row);
        await auditWrite(tx, tenant, {
          action: 'division_created',
          objectType: 'division',
          objectGuid: row.guid,
          changes: createdChanges(created),
        });
        return created;
      });
    },

    async patch(
      tenant: Tenant,
      entityGuid: string,
      divisionGuid: string,
      input: { name?: string | undefined; is_active?: boolean | undefined },
    ) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await findDivision(db, entity.id, divisionGuid);
      const before = present(row);
      const plan = planPatch(COLUMNS, before, input);
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(divisions)
          .set(plan.set as Partial<DivisionRow>)
          .where(eq(divisions.id, row.id))
          .returning();
        await auditWrite(tx, tenant, {
          action: 'division_updated',
          objectType: 'division',
          objectGuid: row.guid,
          changes: plan.changes,
        });
        return present(updated ?? row);
      });
    },

    async remove(tenant: Tenant, entityGuid: string, divisionGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await findDivision(db, entity.id, divisionGuid);
      await db.transaction(async (tx) => {
        await tx.delete(divisions).where(eq(divisions.id, row.id));
        await auditWrite(tx, tenant, {
          action: 'division_deleted',
          objectType: 'division',
          objectGuid: row.guid,
          changes: deletedChanges(present(row)),
        });
      });
    },
  };
}
