import type { PageQuery, Property } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { entityGuidsOf, entityIdOf } from '../entities/lookup.ts';
import { hasChanges, planPatch } from '../entities/patch.ts';
import { auditWrite, createdChanges, deletedChanges, type Tenant } from '../entities/tenant.ts';
import { properties } from './tables.ts';

type PropertyRow = typeof properties.$inferSelect;
export type PropertyInput = Partial<Omit<Property, 'guid' | 'created_on'>>;

const COLUMNS = {
  kind: 'kind',
  name: 'name',
  addr1: 'addr1',
  addr2: 'addr2',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  country: 'country',
  entity: 'entityId',
} as const;
const ORDERING = ['name', 'kind', 'created_on'] as const;

const present = (row: PropertyRow, entityGuid: string | null): Property => ({
  guid: row.guid,
  kind: row.kind,
  name: row.name,
  addr1: row.addr1,
  addr2: row.addr2,
  city: row.city,
  state: row.state,
  postal_code: row.postalCode,
  country: row.country,
  entity: entityGuid,
  created_on: row.createdAt.toISOString(),
});

async function presentAll(db: DbOrTx, rows: PropertyRow[]): Promise<Property[]> {
  const guids = await entityGuidsOf(
    db,
    rows.map((r) => r.entityId),
  );
  return rows.map((row) => present(row, row.entityId === null ? null : (guids.get(row.entityId) ?? null)));
}

async function presentOne(db: DbOrTx, row: PropertyRow): Promise<Property> {
  const [shown] = await presentAll(db, [row]);
  if (!shown) throw notFound();
  return shown;
}

async function findProperty(db: DbOrTx, tenant: Tenant, propertyGuid: string): Promise<PropertyRow> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.guid, propertyGuid), eq(properties.clientId, tenant.clientId)));
  if (!row) throw notFound();
  return row;
}

/** An entity guid of this client → its id; another client's (or no) entity is a 400 on `entity`. */
async function resolveEntity(db: DbOrTx, tenant: Tenant, entityGuid: string | null): Promise<number | null> {
  if (entityGuid === null) return null;
  const id = await entityIdOf(db, tenant.clientId, entityGuid);
  if (id === null) throw invalid('entity', 'Choose an entity of this client.');
  return id;
}

/** A client's real estate (rental, primary, vacation, secondary, other). */
export function createPropertyService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant, query: PageQuery) {
      const where = and(
        eq(properties.clientId, tenant.clientId),
        containsAny(query.search, [properties.name, properties.city]),
      );
      const order = parseOrdering(query.ordering, ORDERING, { field: 'name', desc: false });
      const column = { name: properties.name, kind: properties.kind, created_on: properties.createdAt }[
        order.field
      ];
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(properties).where(where);
      const rows = await db
        .select()
        .from(properties)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(properties.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: await presentAll(db, rows) };
    },

    async get(tenant: Tenant, propertyGuid: string) {
      return presentOne(db, await findProperty(db, tenant, propertyGuid));
    },

    async create(tenant: Tenant, input: PropertyInput & Pick<Property, 'kind' | 'name'>) {
      const entityId = await resolveEntity(db, tenant, input.entity ?? null);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(properties)
          .values({
            clientId: tenant.clientId,
            entityId,
            kind: input.kind,
            name: input.name,
            addr1: input.addr1 ?? null,
            addr2: input.addr2 ?? null,
            city: input.city ?? null,
            state: input.state ?? null,
            postalCode: input.postal_code ?? null,
            country: input.country ?? null,
          })
          .returning();
        if (!row) throw new Error('property insert returned nothing');
        const created = present(row, input.entity ?? null);
        await auditWrite(tx, tenant, {
          action: 'property_created',
          objectType: 'property',
          objectGuid: row.guid,
          changes: createdChanges(created),
        });
        return created;
      });
    },

    async patch(tenant: Tenant, propertyGuid: string, input: PropertyInput) {
      const row = await findProperty(db, tenant, propertyGuid);
      const before = await presentOne(db, row);
      const entityChanges = input.entity !== undefined && input.entity !== before.entity;
      const entityId = entityChanges ? await resolveEntity(db, tenant, input.entity ?? null) : row.entityId;
      const plan = planPatch(COLUMNS, before, input, { entity: entityId });
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(properties)
          .set(plan.set as Partial<PropertyRow>)
          .where(eq(properties.id, row.id))
          .returning();
        await auditWrite(tx, tenant, {
          action: 'property_updated',
          objectType: 'property',
          objectGuid: row.guid,
          changes: plan.changes,
        });
        return presentOne(tx, updated ?? row);
      });
    },

    async remove(tenant: Tenant, propertyGuid: string) {
      const row = await findProperty(db, tenant, propertyGuid);
      const before = await presentOne(db, row);
      await db.transaction(async (tx) => {
        await tx.delete(properties).where(eq(properties.id, row.id));
        await auditWrite(tx, tenant, {
          action: 'property_deleted',
          objectType: 'property',
          objectGuid: row.guid,
          changes: deletedChanges(before),
        });
      });
    },
  };
}
