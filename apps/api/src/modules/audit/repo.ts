import type { EventLog } from '@bp/contracts';
import { and, count, desc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { auditRecords, type FieldChanges } from '../../platform/audit/tables.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { clientList } from '../clients/index.ts';
import { memberships } from '../organizations/index.ts';
import { userList, userListAs } from '../users/index.ts';

export interface EventLogFilters {
  actorGuid?: string | undefined;
  objectType?: string | undefined;
  /** Already resolved to this organisation's client; null = a client guid that is not ours. */
  clientId?: number | null | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

/** JSON has no undefined: a field that had no value before (or after) shows as null. */
const normalised = (changes: FieldChanges): FieldChanges =>
  Object.fromEntries(
    Object.entries(changes ?? {}).map(([field, c]) => [
      field,
      { before: c?.before ?? null, after: c?.after ?? null },
    ]),
  );

const actors = userListAs('actor');
const maskers = userListAs('masker');
const person = (u: typeof actors | typeof maskers) => ({
  guid: u.guid,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
});
type JoinedPerson = {
  guid: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

/** A left-joined user as the log names it; null when the record has none (every column is then null). */
function personOf(u: JoinedPerson | null) {
  if (!u || u.guid === null) return null;
  const email = u.email ?? '';
  return { guid: u.guid, name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || email, email };
}

/**
 * The organisation's audit trail: records written for it, plus records about nobody's organisation
 * (sign-ins, own profile edits, the shared institution list) whose actor is or was one of its members.
 * Newest first.
 */
export async function eventLogsOf(
  db: DbOrTx,
  organizationId: number,
  filters: EventLogFilters,
  window: PageWindow,
) {
  const members = db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  const scope = or(
    eq(auditRecords.organizationId, organizationId),
    and(isNull(auditRecords.organizationId), inArray(auditRecords.actorUserId, members)),
  );
  const conditions: (SQL | undefined)[] = [scope];
  if (filters.actorGuid) {
    const actor = db.select({ id: userList.id }).from(userList).where(eq(userList.guid, filters.actorGuid));
    conditions.push(inArray(auditRecords.actorUserId, actor));
  }
  if (filters.objectType) conditions.push(eq(auditRecords.objectType, filters.objectType));
  if (filters.clientId !== undefined) {
    if (filters.clientId === null) return { count: 0, results: [] };
    conditions.push(eq(auditRecords.clientId, filters.clientId));
  }
  if (filters.from) conditions.push(gte(auditRecords.createdAt, filters.from));
  if (filters.until) conditions.push(lt(auditRecords.createdAt, filters.until));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(auditRecords).where(where);
  const rows = await db
    .select({
      record: auditRecords,
      actor: person(actors),
      masker: person(maskers),
      client: { guid: clientList.guid, name: clientList.name },
    })
    .from(auditRecords)
    .leftJoin(actors, eq(actors.id, auditRecords.actorUserId))
    .leftJoin(maskers, eq(maskers.id, auditRecords.maskedByUserId))
    // A client record of another organisation never shows here, even if a record pointed at it.
    .leftJoin(
      clientList,
      and(eq(clientList.id, auditRecords.clientId), eq(clientList.organizationId, organizationId)),
    )
    .where(where)
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
    .limit(window.limit)
    .offset(window.offset);
  const results: EventLog[] = rows.map(({ record, actor: actorRow, masker: maskerRow, client }) => {
    const actor = personOf(actorRow);
    const masker = personOf(maskerRow);
    return {
      guid: record.guid,
      created_on: record.createdAt.toISOString(),
      action: record.action,
      object_type: record.objectType,
      object_guid: record.objectGuid,
      actor,
      masked_by: masker ? { guid: masker.guid, name: masker.name } : null,
      client: client?.guid ? { guid: client.guid, name: client.name ?? '' } : null,
      changes: normalised(record.changes),
    };
  });
  return { count: total?.n ?? 0, results };
}

/** This organisation's client by guid; null when it is another's or unknown. */
export async function clientIdOf(db: DbOrTx, organizationId: number, clientGuid: string) {
  const [row] = await db
    .select({ id: clientList.id })
    .from(clientList)
    .where(and(eq(clientList.guid, clientGuid), eq(clientList.organizationId, organizationId)));
  return row?.id ?? null;
}
