import type { Division, PageQuery } from '@bp/contracts';
import type { AppDeps } from '../../platform/deps.ts';
import { planPatch } from './patch.ts';
import { findEntity, findWritableEntity } from './repo.ts';
import { scopedCrud } from './scoped-crud.ts';
import { divisions } from './tables.ts';
import type { Tenant } from './tenant.ts';

type DivisionRow = typeof divisions.$inferSelect;
const COLUMNS = { name: 'name', is_active: 'isActive' } as const;

const present = (row: DivisionRow): Division => ({ guid: row.guid, name: row.name, is_active: row.isActive });

/** Divisions of an entity (the bill line's division). */
export function createDivisionService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: divisions,
    scope: divisions.entityId,
    objectType: 'division',
    label: 'division',
  });
  return {
    async list(tenant: Tenant, entityGuid: string, query: PageQuery) {
      const entity = await findEntity(db, tenant, entityGuid);
      const { count, rows } = await records.page(entity.id, query, {
        search: [divisions.name],
        ordering: { name: divisions.name, created_on: divisions.createdAt },
        fallback: { field: 'name', desc: false },
      });
      return { count, results: rows.map(present) };
    },

    async get(tenant: Tenant, entityGuid: string, divisionGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await records.find(entity.id, divisionGuid));
    },

    async create(
      tenant: Tenant,
      entityGuid: string,
      input: { name: string; is_active?: boolean | undefined },
    ) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const values = { entityId: entity.id, name: input.name, isActive: input.is_active ?? true };
      return records.create(tenant, values, present);
    },

    async patch(
      tenant: Tenant,
      entityGuid: string,
      divisionGuid: string,
      input: { name?: string | undefined; is_active?: boolean | undefined },
    ) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, divisionGuid);
      const before = present(row);
      return records.update(tenant, row, before, planPatch(COLUMNS, before, input), present);
    },

    async remove(tenant: Tenant, entityGuid: string, divisionGuid: string) {
      const entity = await findWritableEntity(db, tenant, entityGuid);
      const row = await records.find(entity.id, divisionGuid);
      await records.remove(tenant, row, present(row));
    },
  };
}
