import {
  type CreateEntityRequest,
  ENTITY_ORDERING,
  type Entity,
  type PageQuery,
  type PatchEntityRequest,
} from '@bp/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { hasChanges, planPatch } from './patch.ts';
import {
  type EntityRow,
  findEntity,
  findWritableEntity,
  presentEntities,
  presentEntity,
  visibleEntityIds,
} from './repo.ts';
import { applyApprovalThresholds, NO_THRESHOLDS } from './settings.ts';
import { entities } from './tables.ts';
import { auditWrite, createdChanges, type Tenant } from './tenant.ts';

type EntityInput = { [K in keyof CreateEntityRequest]?: CreateEntityRequest[K] };

/** API field → column of the settings a PATCH may change (`entities` is handled on its own). */
const COLUMNS = {
  kind: 'kind',
  nickname: 'nickname',
  corporate_id: 'corporateId',
  allowable_payment_threshold: 'allowablePaymentThreshold',
  client_pre_approval_required: 'clientPreApprovalRequired',
  client_pre_approval_threshold: 'clientPreApprovalThreshold',
  enable_multiple_approvers: 'enableMultipleApprovers',
  multiple_approver_threshold: 'multipleApproverThreshold',
  minimum_account_balance: 'minimumAccountBalance',
  filing_date: 'filingDate',
  is_qbo_class: 'isQboClass',
  is_quickbooks_required: 'isQuickbooksRequired',
} as const;

/** Ancestors of an entity (its parent, the parent's parent…), bounded against bad data. */
async function ancestorIds(db: DbOrTx, row: EntityRow): Promise<number[]> {
  const ids: number[] = [];
  let parentId = row.parentEntityId;
  while (parentId !== null && ids.length < 50 && !ids.includes(parentId)) {
    ids.push(parentId);
    const [parent] = await db
      .select({ parentId: entities.parentEntityId })
      .from(entities)
      .where(eq(entities.id, parentId));
    parentId = parent?.parentId ?? null;
  }
  return ids;
}

/** The entities to group under `self`: entities of the same client, never itself or one of its groupers. */
async function resolveChildren(db: DbOrTx, tenant: Tenant, self: EntityRow | null, guids: string[]) {
  const unique = [...new Set(guids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.clientId, tenant.clientId), inArray(entities.guid, unique)));
  if (rows.length !== unique.length) throw invalid('entities', 'Choose entities of this client.');
  const ids = rows.map((r) => r.id);
  if (self) {
    if (ids.includes(self.id)) throw invalid('entities', 'An entity cannot group itself.');
    const ancestors = await ancestorIds(db, self);
    if (ids.some((id) => ancestors.includes(id)))
      throw invalid('entities', 'An entity cannot group an entity that groups it.');
  }
  return ids;
}

async function setChildren(db: DbOrTx, parentId: number, childIds: number[]) {
  const others = childIds.length > 0 ? notInArray(entities.id, childIds) : undefined;
  await db
    .update(entities)
    .set({ parentEntityId: null })
    .where(and(eq(entities.parentEntityId, parentId), others));
  if (childIds.length > 0)
    await db.update(entities).set({ parentEntityId: parentId }).where(inArray(entities.id, childIds));
}

/** A client's entities and their settings (SPEC §3 "Entity settings", rules of §5). */
export function createEntityService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  return {
    async list(tenant: Tenant, query: PageQuery & { archived?: boolean | undefined }) {
      const visible = await visibleEntityIds(db, tenant);
      const conditions: (SQL | undefined)[] = [
        eq(entities.clientId, tenant.clientId),
        query.archived ? isNotNull(entities.archivedAt) : isNull(entities.archivedAt),
        containsAny(query.search, [entities.nickname]),
        visible ? inArray(entities.id, visible) : undefined,
      ];
      const where = and(...conditions);
      const order = parseOrdering(query.ordering, ENTITY_ORDERING, { field: 'nickname', desc: false });
      const column = order.field === 'nickname' ? entities.nickname : entities.createdAt;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(entities).where(where);
      const rows = await db
        .select()
        .from(entities)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(entities.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: await presentEntities(db, rows, visible) };
    },

    async get(tenant: Tenant, entityGuid: string): Promise<Entity> {
      const row = await findEntity(db, tenant, entityGuid);
      return presentEntity(db, row, await visibleEntityIds(db, tenant));
    },

    async create(tenant: Tenant, input: EntityInput & Pick<CreateEntityRequest, 'kind' | 'nickname'>) {
      const thresholds = applyApprovalThresholds(NO_THRESHOLDS, input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(entities)
          .values({
            clientId: tenant.clientId,
            kind: input.kind,
            nickname: input.nickname,
            corporateId: input.corporate_id ?? null,
            allowablePaymentThreshold: input.allowable_payment_threshold ?? null,
            clientPreApprovalRequired: thresholds.client_pre_approval_required,
            clientPreApprovalThreshold: thresholds.client_pre_approval_threshold,
            enableMultipleApprovers: thresholds.enable_multiple_approvers,
            multipleApproverThreshold: thresholds.multiple_approver_threshold,
            minimumAccountBalance: input.minimum_account_balance ?? 0,
            filingDate: input.filing_date ?? null,
            isQboClass: input.is_qbo_class ?? false,
            isQuickbooksRequired: input.is_quickbooks_required ?? false,
            createdAt: now(),
            updatedAt: now(),
          })
          .returning();
        if (!row) throw new Error('entity insert returned nothing');
        if (input.entities)
          await setChildren(tx, row.id, await resolveChildren(tx, tenant, row, input.entities));
        const created = await presentEntity(tx, row);
        await auditWrite(tx, tenant, {
          action: 'entity_created',
          objectType: 'entity',
          objectGuid: row.guid,
          changes: createdChanges(created),
        });
        return created;
      });
    },

    /** Writes only the fields that change, and audits exactly those. */
    async patch(tenant: Tenant, entityGuid: string, input: PatchEntityRequest): Promise<Entity> {
      const row = await findWritableEntity(db, tenant, entityGuid);
      const before = await presentEntity(db, row);
      const after = { ...(input as EntityInput), ...applyApprovalThresholds(before, input as EntityInput) };
      const plan = planPatch(COLUMNS, before, after);
      const childIds = input.entities ? await resolveChildren(db, tenant, row, input.entities) : null;
      const childGuids = input.entities ? [...new Set(input.entities)].sort() : null;
      if (childGuids && JSON.stringify(childGuids) !== JSON.stringify(before.entities))
        plan.changes.entities = { before: before.entities, after: childGuids };
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(entities)
          .set({ ...(plan.set as Partial<EntityRow>), updatedAt: now() })
          .where(eq(entities.id, row.id))
          .returning();
        if (childIds && plan.changes.entities) await setChildren(tx, row.id, childIds);
        await auditWrite(tx, tenant, {
          action: 'entity_updated',
          objectType: 'entity',
          objectGuid: row.guid,
          changes: plan.changes,
        });
        return presentEntity(tx, updated ?? row);
      });
    },

    /** Archive (DELETE) or unarchive; doing it twice changes nothing. */
    async setArchived(tenant: Tenant, entityGuid: string, archived: boolean): Promise<Entity> {
      const row = await findEntity(db, tenant, entityGuid);
      if ((row.archivedAt !== null) === archived) return presentEntity(db, row);
      return db.transaction(async (tx) => {
        const at = now();
        const [updated] = await tx
          .update(entities)
          .set({ archivedAt: archived ? at : null, updatedAt: at })
          .where(eq(entities.id, row.id))
          .returning();
        await auditWrite(tx, tenant, {
          action: archived ? 'entity_archived' : 'entity_unarchived',
          objectType: 'entity',
          objectGuid: row.guid,
          changes: { archived: { before: !archived, after: archived } },
        });
        return presentEntity(tx, updated ?? row);
      });
    },
  };
}
