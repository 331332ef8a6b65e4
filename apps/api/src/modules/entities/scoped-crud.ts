import type { PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldChanges } from '../../platform/audit/tables.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { notFound } from './errors.ts';
import { hasChanges, type PatchPlan } from './patch.ts';
import { auditWrite, createdChanges, deletedChanges, type Tenant } from './tenant.ts';

/** A table of records that belong to one scope (an entity or a client), each with an id and a guid. */
type ScopedTable = PgTable & { id: PgColumn; guid: PgColumn; $inferSelect: { id: number; guid: string } };

/** What the API shows of a row; may need a lookup (in the write's transaction when there is one). */
type Present<Row, Shown> = (row: Row, db: DbOrTx) => Shown | Promise<Shown>;

export interface ScopedCrudOptions<T extends ScopedTable> {
  db: Db;
  table: T;
  /** The column holding the owner's id: `entityId` or `clientId`. */
  scope: PgColumn;
  /** Audit object type; the actions are `<objectType>_created`, `_updated` and `_deleted`. */
  objectType: string;
  /** Its name in the internal "… insert returned nothing" error. */
  label: string;
}

/**
 * The reads and audited writes every record owned by an entity or a client shares: find by guid within
 * the owner, a searchable sorted page, and create / patch / delete each with its audit record in the
 * same transaction. The services keep what is theirs: resolving references, presenting rows, masking.
 */
export function scopedCrud<T extends ScopedTable>({
  db,
  table,
  scope,
  objectType,
  label,
}: ScopedCrudOptions<T>) {
  type Row = T['$inferSelect'];
  // Drizzle cannot infer the row type of a query on a generic table, so queries run on the table as a
  // plain `ScopedTable` and their rows are given back their own type here, in one place.
  const base: ScopedTable = table;
  const rowsOf = (rows: Record<string, unknown>[]) => rows as Row[];

  /** One owner, or any of several (a client-wide list over its entities). */
  const ownedBy = (scopeId: number | readonly number[]): SQL =>
    typeof scopeId === 'number' ? eq(scope, scopeId) : inArray(scope, [...scopeId]);

  const audit = (tx: DbOrTx, tenant: Tenant, verb: string, row: Row, changes: FieldChanges) =>
    auditWrite(tx, tenant, { action: `${objectType}_${verb}`, objectType, objectGuid: row.guid, changes });

  return {
    /** The record `guid` of owner `scopeId` (or of one of several), or 404. */
    async find(scopeId: number | readonly number[], guid: string): Promise<Row> {
      if (typeof scopeId !== 'number' && scopeId.length === 0) throw notFound();
      const [row] = rowsOf(
        await db
          .select()
          .from(base)
          .where(and(eq(base.guid, guid), ownedBy(scopeId))),
      );
      if (!row) throw notFound();
      return row;
    },

    /**
     * One page of the owner's (or owners') records: `filters` and a search over `search`, sorted by the field of
     * `?ordering` (one of `ordering`'s keys, else `fallback`), then by id.
     */
    async page<K extends string>(
      scopeId: number | readonly number[],
      query: PageQuery,
      options: {
        search: PgColumn[];
        ordering: Record<K, PgColumn>;
        fallback: { field: NoInfer<K>; desc: boolean };
        filters?: SQL[];
      },
    ): Promise<{ count: number; rows: Row[] }> {
      if (typeof scopeId !== 'number' && scopeId.length === 0) return { count: 0, rows: [] };
      const where = and(
        ownedBy(scopeId),
        ...(options.filters ?? []),
        containsAny(query.search, options.search),
      );
      const order = parseOrdering(query.ordering, Object.keys(options.ordering) as K[], options.fallback);
      const column = options.ordering[order.field];
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(base).where(where);
      const rows = await db
        .select()
        .from(base)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(base.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows: rowsOf(rows) };
    },

    /** Inserts a record and audits every shown field as created (`audited`, when it shows less). */
    create<Shown extends Record<string, unknown>>(
      tenant: Tenant,
      values: T['$inferInsert'],
      present: (row: Row) => Shown,
      audited: (row: Row) => Record<string, unknown> = present,
      /** More writes of the same transaction (another module's port), after the audit record. */
      after?: (tx: DbOrTx, row: Row) => Promise<void>,
    ): Promise<Shown> {
      return db.transaction(async (tx) => {
        const [row] = rowsOf(await tx.insert(base).values(values).returning());
        if (!row) throw new Error(`${label} insert returned nothing`);
        const created = present(row);
        await audit(tx, tenant, 'created', row, createdChanges(audited(row)));
        await after?.(tx, row);
        return created;
      });
    },

    /**
     * Writes a PATCH's plan to `row` and audits its changes (as `auditedChanges` shows them); nothing
     * changed, nothing written: `before` comes back. `alsoSet` adds columns to a real write.
     */
    async update<Shown>(
      tenant: Tenant,
      row: Row,
      before: Shown,
      plan: PatchPlan,
      present: Present<Row, Shown>,
      options: {
        alsoSet?: () => Partial<Row>;
        auditedChanges?: (changes: FieldChanges) => FieldChanges;
        /** More writes of the same transaction, given the row before and after. */
        after?: (tx: DbOrTx, before: Row, after: Row) => Promise<void>;
      } = {},
    ): Promise<Shown> {
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = rowsOf(
          await tx
            .update(base)
            .set({ ...plan.set, ...options.alsoSet?.() })
            .where(eq(base.id, row.id))
            .returning(),
        );
        const changes = options.auditedChanges ? options.auditedChanges(plan.changes) : plan.changes;
        await audit(tx, tenant, 'updated', row, changes);
        await options.after?.(tx, row, updated ?? row);
        return present(updated ?? row, tx);
      });
    },

    /** Deletes `row` and audits every field of `shown` (how the API showed it) as deleted. */
    async remove(tenant: Tenant, row: Row, shown: Record<string, unknown>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(base).where(eq(base.id, row.id));
        await audit(tx, tenant, 'deleted', row, deletedChanges(shown));
      });
    },
  };
}
