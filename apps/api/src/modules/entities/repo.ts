import type { Entity } from '@bp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, notFound } from './errors.ts';
import { designatedEntities, entities } from './tables.ts';
import type { Tenant } from './tenant.ts';

export type EntityRow = typeof entities.$inferSelect;

/**
 * The entities a designee is limited to (DESIGN §5), or null when the caller sees all of the client's:
 * staff, other client roles, and designees with no designated entity.
 */
export async function visibleEntityIds(db: DbOrTx, tenant: Tenant): Promise<number[] | null> {
  if (tenant.via !== 'client' || tenant.clientRole !== 'designee' || tenant.clientUserId === null)
    return null;
  const rows = await db
    .select({ id: designatedEntities.entityId })
    .from(designatedEntities)
    .where(eq(designatedEntities.clientUserId, tenant.clientUserId));
  return rows.length > 0 ? rows.map((r) => r.id) : null;
}

/** Ids of every entity of the tenant's client that the caller may see (a designee: its designated ones). */
export async function clientEntityIds(db: DbOrTx, tenant: Tenant): Promise<number[]> {
  const visible = await visibleEntityIds(db, tenant);
  const rows = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.clientId, tenant.clientId), visible ? inArray(entities.id, visible) : undefined));
  return rows.map((r) => r.id);
}

/** An entity of the tenant's client that the caller may see, or 404. */
export async function findEntity(db: DbOrTx, tenant: Tenant, entityGuid: string): Promise<EntityRow> {
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.guid, entityGuid), eq(entities.clientId, tenant.clientId)));
  if (!row) throw notFound();
  const visible = await visibleEntityIds(db, tenant);
  if (visible && !visible.includes(row.id)) throw notFound();
  return row;
}

/** Like {@link findEntity}, for a write: an archived entity is read-only (409). */
export async function findWritableEntity(db: DbOrTx, tenant: Tenant, entityGuid: string): Promise<EntityRow> {
  const row = await findEntity(db, tenant, entityGuid);
  if (row.archivedAt) throw conflict('This entity is archived. Unarchive it to change it.');
  return row;
}

/** Entity rows as the API shows them, with the guids of the entities each groups and of its parent. */
export async function presentEntities(
  db: DbOrTx,
  rows: EntityRow[],
  visible: number[] | null = null,
): Promise<Entity[]> {
  if (rows.length === 0) return [];
  const children = await db
    .select({ guid: entities.guid, id: entities.id, parentId: entities.parentEntityId })
    .from(entities)
    .where(
      inArray(
        entities.parentEntityId,
        rows.map((r) => r.id),
      ),
    );
  const parentIds = [...new Set(rows.map((r) => r.parentEntityId).filter((id): id is number => id !== null))];
  const parents =
    parentIds.length > 0
      ? await db
          .select({ id: entities.id, guid: entities.guid })
          .from(entities)
          .where(inArray(entities.id, parentIds))
      : [];
  const seen = (id: number) => !visible || visible.includes(id);
  return rows.map((row) => ({
    guid: row.guid,
    kind: row.kind,
    nickname: row.nickname,
    corporate_id: row.corporateId,
    allowable_payment_threshold: row.allowablePaymentThreshold,
    client_pre_approval_required: row.clientPreApprovalRequired,
    client_pre_approval_threshold: row.clientPreApprovalThreshold,
    enable_multiple_approvers: row.enableMultipleApprovers,
    multiple_approver_threshold: row.multipleApproverThreshold,
    minimum_account_balance: row.minimumAccountBalance,
    filing_date: row.filingDate,
    is_qbo_class: row.isQboClass,
    is_quickbooks_required: row.isQuickbooksRequired,
    entities: children
      .filter((c) => c.parentId === row.id && seen(c.id))
      .map((c) => c.guid)
      .sort(),
    parent_entity: parents.find((p) => p.id === row.parentEntityId && seen(p.id))?.guid ?? null,
    archived: row.archivedAt !== null,
    created_on: row.createdAt.toISOString(),
  }));
}

export async function presentEntity(db: DbOrTx, row: EntityRow, visible: number[] | null = null) {
  const [shown] = await presentEntities(db, [row], visible);
  if (!shown) throw notFound();
  return shown;
}
