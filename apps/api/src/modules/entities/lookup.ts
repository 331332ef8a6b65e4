import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { entities } from './tables.ts';

/** For other modules: the id of a client's entity by guid, or null when the client has no such entity. */
export async function entityIdOf(db: DbOrTx, clientId: number, entityGuid: string): Promise<number | null> {
  const [row] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.guid, entityGuid), eq(entities.clientId, clientId)));
  return row?.id ?? null;
}

/** For other modules: entity id → guid, for showing references. */
export async function entityGuidsOf(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: entities.id, guid: entities.guid })
    .from(entities)
    .where(inArray(entities.id, wanted));
  return new Map(rows.map((r) => [r.id, r.guid]));
}
