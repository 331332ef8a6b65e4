import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { divisionList } from '../entities/index.ts';

/** The entity's divisions among `guids` (id and guid), without a query when there are none. */
export function entityDivisionsByGuid(
  db: DbOrTx,
  entityId: number,
  guids: string[],
): Promise<{ id: number; guid: string }[]> {
  if (guids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: divisionList.id, guid: divisionList.guid })
    .from(divisionList)
    .where(and(eq(divisionList.entityId, entityId), inArray(divisionList.guid, guids)));
}
