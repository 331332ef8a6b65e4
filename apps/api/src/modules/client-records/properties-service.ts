import type { PageQuery, Property } from '@bp/contracts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import type { Tenant } from '../entities/index.ts';
import { entityGuidsOf, entityIdOf, planPatch, scopedCrud } from '../entities/index.ts';
import { notFound } from './errors.ts';
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
  const records = scopedCrud({
    db,
    table: properties,
    scope: properties.clientId,
    objectType: 'property',
    label: 'property',
  });
  return {
    async list(tenant: Tenant, query: PageQuery) {
      const { count, rows } = await records.page(tenant.clientId, query, {
        search: [properties.name, properties.city],
        ordering: { name: properties.name, kind: properties.kind, created_on: properties.createdAt },
        fallback: { field: 'name', desc: false },
      });
      return { count, results: await presentAll(db, rows) };
    },

    async get(tenant: Tenant, propertyGuid: string) {
      return presentOne(db, await records.find(tenant.clientId, propertyGuid));
    },

    async create(tenant: Tenant, input: PropertyInput & Pick<Property, 'kind' | 'name'>) {
      const entityId = await resolveEntity(db, tenant, input.entity ?? null);
      const values = {
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
      };
      return records.create(tenant, values, (row) => present(row, input.entity ?? null));
    },

    async patch(tenant: Tenant, propertyGuid: string, input: PropertyInput) {
      const row = await records.find(tenant.clientId, propertyGuid);
      const before = await presentOne(db, row);
      const entityChanges = input.entity !== undefined && input.entity !== before.entity;
      const entityId = entityChanges ? await resolveEntity(db, tenant, input.entity ?? null) : row.entityId;
      const plan = planPatch(COLUMNS, before, input, { entity: entityId });
      return records.update(tenant, row, before, plan, (r, tx) => presentOne(tx, r));
    },

    async remove(tenant: Tenant, propertyGuid: string) {
      const row = await records.find(tenant.clientId, propertyGuid);
      await records.remove(tenant, row, await presentOne(db, row));
    },
  };
}
