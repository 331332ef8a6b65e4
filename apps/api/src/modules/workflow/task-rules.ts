import type { CreateTaskRuleRequest, TaskRule } from '@bp/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { accountList, entityIdOf, entityList } from '../entities/index.ts';
import { conflict, notFound } from './errors.ts';
import { peopleOfMemberships, staffMembershipOf } from './staff.ts';
import { taskRules } from './tables.ts';

export type TaskRuleRow = typeof taskRules.$inferSelect;
export type TaskRuleValues = typeof taskRules.$inferInsert;

async function presentRule(db: DbOrTx, row: TaskRuleRow): Promise<TaskRule> {
  const [one] = await presentRules(db, [row]);
  if (!one) throw new Error('rule vanished');
  return one;
}

export async function presentRules(db: DbOrTx, rows: TaskRuleRow[]): Promise<TaskRule[]> {
  if (rows.length === 0) return [];
  const entityIds = rows.map((r) => r.entityId).filter((id): id is number => id !== null);
  const accountIds = rows.map((r) => r.accountId).filter((id): id is number => id !== null);
  const entities = entityIds.length
    ? await db
        .select({ id: entityList.id, guid: entityList.guid })
        .from(entityList)
        .where(inArray(entityList.id, entityIds))
    : [];
  const accounts = accountIds.length
    ? await db
        .select({ id: accountList.id, guid: accountList.guid })
        .from(accountList)
        .where(inArray(accountList.id, accountIds))
    : [];
  const people = await peopleOfMemberships(
    db,
    rows.flatMap((r) => [r.assigneeOrganizationUserId, r.backupOrganizationUserId]),
  );
  return rows.map((r) => ({
    guid: r.guid,
    name: r.name,
    task_type: r.taskType,
    frequency: r.frequency,
    due_business_days: r.dueBusinessDays,
    start_date: r.startDate,
    entity: entities.find((e) => e.id === r.entityId)?.guid ?? null,
    account: accounts.find((a) => a.id === r.accountId)?.guid ?? null,
    assignee: r.assigneeOrganizationUserId ? (people.get(r.assigneeOrganizationUserId) ?? null) : null,
    backup: r.backupOrganizationUserId ? (people.get(r.backupOrganizationUserId) ?? null) : null,
    is_archived: r.archivedAt !== null,
    created_on: r.createdAt.toISOString(),
  }));
}

/** Resolves an account of the entity, or null when the entity has none by that id. */
export async function accountOfEntity(db: DbOrTx, entityId: number, where: { guid?: string; name?: string }) {
  const [row] = await db
    .select({ id: accountList.id })
    .from(accountList)
    .where(
      and(
        eq(accountList.entityId, entityId),
        where.guid !== undefined ? eq(accountList.guid, where.guid) : eq(accountList.name, where.name ?? ''),
      ),
    );
  return row?.id ?? null;
}

/** Inserts rules (one or an import's all) with their audit records, in the caller's transaction. */
export async function insertRules(tx: DbOrTx, actor: AuditActor, values: TaskRuleValues[]) {
  if (values.length === 0) return [];
  const rows = await tx.insert(taskRules).values(values).returning();
  for (const row of rows) {
    await recordAudit(tx, actor, {
      action: 'task_rule_created',
      objectType: 'task_rule',
      objectGuid: row.guid,
      organizationId: row.organizationId,
      clientId: row.clientId,
    });
  }
  return rows;
}

export async function createRule(db: Db, scope: ClientScope, actor: AuditActor, body: CreateTaskRuleRequest) {
  const row = await db.transaction(async (tx) => {
    let entityId: number | null = null;
    if (body.entity) {
      entityId = await entityIdOf(tx, scope.id, body.entity);
      if (entityId === null) throw new ValidationError({ entity: ['Choose an entity of the client.'] });
    }
    let accountId: number | null = null;
    if (body.account) {
      accountId = entityId === null ? null : await accountOfEntity(tx, entityId, { guid: body.account });
      if (accountId === null) throw new ValidationError({ account: ['Choose an account of the entity.'] });
    }
    const assignee = body.assignee
      ? await staffMembershipOf(tx, scope.organizationId, body.assignee, 'assignee')
      : null;
    const backup = body.backup
      ? await staffMembershipOf(tx, scope.organizationId, body.backup, 'backup')
      : null;
    const [created] = await insertRules(tx, actor, [
      {
        organizationId: scope.organizationId,
        clientId: scope.id,
        entityId,
        accountId,
        name: body.name,
        taskType: body.task_type,
        frequency: body.frequency,
        dueBusinessDays: body.due_business_days,
        startDate: body.start_date,
        assigneeOrganizationUserId: assignee,
        backupOrganizationUserId: backup,
      },
    ]);
    if (!created) throw new Error('rule insert returned nothing');
    return created;
  });
  return presentRule(db, row);
}

export async function listRules(
  db: DbOrTx,
  clientId: number,
  query: { page: number; page_size: number; archived?: boolean },
) {
  const where = and(
    eq(taskRules.clientId, clientId),
    query.archived ? isNotNull(taskRules.archivedAt) : isNull(taskRules.archivedAt),
  );
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(taskRules).where(where);
  const rows = await db
    .select()
    .from(taskRules)
    .where(where)
    .orderBy(desc(taskRules.createdAt), desc(taskRules.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: await presentRules(db, rows) };
}

export async function archiveRule(db: Db, scope: ClientScope, actor: AuditActor, guid: string, now: Date) {
  const row = await db.transaction(async (tx) => {
    const [rule] = await tx
      .select()
      .from(taskRules)
      .where(and(eq(taskRules.guid, guid), eq(taskRules.clientId, scope.id)));
    if (!rule) throw notFound('Task rule not found.');
    if (rule.archivedAt) throw conflict('The task rule is already archived.', 'already_archived');
    const [after] = await tx
      .update(taskRules)
      .set({ archivedAt: now })
      .where(eq(taskRules.id, rule.id))
      .returning();
    if (!after) throw new Error('rule vanished');
    await recordAudit(tx, actor, {
      action: 'task_rule_archived',
      objectType: 'task_rule',
      objectGuid: after.guid,
      organizationId: after.organizationId,
      clientId: after.clientId,
    });
    return after;
  });
  return presentRule(db, row);
}
