import type { ClientDivisionQuery, Division, PageQuery } from '@bp/contracts';
import { ALL_ENTITIES } from '@bp/domain';
import type { AppDeps } from '../../platform/deps.ts';
import { planPatch } from './patch.ts';
import { clientEntityIds, findEntity, findWritableEntity } from './repo.ts';
import { scopedCrud } from './scoped-crud.ts';
import { divisions } from './tables.ts';
import type { Tenant } from './tenant.ts';

type DivisionRow = typeof divisions.$inferSelect;
const COLUMNS = { name: 'name', is_active: 'isActive' } as const;

const present = (row: DivisionRow): Division => ({ guid: row.guid, name: row.name, is_active: row.isActive });

/**
 * Divisions of an entity (the bill line's division): kept under the entity's billing path, and read
 * client-wide under /v1/accounts/clients/{clientGuid}/divisions (SPEC.md §7 lists both).
 */
export function createDivisionService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  const records = scopedCrud({
    db,
    table: divisions,
    scope: divisions.entityId,
    objectType: 'division',
    label: 'division',
  });

  /** A page of the divisions of these entities, by name. */
  async function page(entityIds: number | readonly number[], query: PageQuery) {
    const { count, rows } = await records.page(entityIds, query, {
      search: [divisions.name],
      ordering: { name: divisions.name, created_on: divisions.createdAt },
      fallback: { field: 'name', desc: false },
    });
    return { count, results: rows.map(present) };
  }

  async function list(tenant: Tenant, entityGuid: string, query: PageQuery) {
    const entity = await findEntity(db, tenant, entityGuid);
    return page(entity.id, query);
  }

  return {
    list,

    async get(tenant: Tenant, entityGuid: string, divisionGuid: string) {
      const entity = await findEntity(db, tenant, entityGuid);
      return present(await records.find(entity.id, divisionGuid));
    },

    /** The client's divisions, over the entities the caller sees (or the one `query.entity` names). */
    async listOfClient(tenant: Tenant, query: ClientDivisionQuery) {
      if (query.entity !== undefined && query.entity !== ALL_ENTITIES)
        return list(tenant, query.entity, query);
      return page(await clientEntityIds(db, tenant), query);
    },

    /** A division of any entity of the client the caller sees, or 404. */
    async getOfClient(tenant: Tenant, divisionGuid: string) {
      return present(await records.find(await clientEntityIds(db, tenant), divisionGuid));
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
