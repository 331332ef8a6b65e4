import type { CreateTaskRuleRequest, PatchTaskRuleRequest, TaskRule, TaskRuleListQuery } from '@bp/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { clientList } from '../clients/index.ts';
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

/** Rules as the API answers them, with the names of their client, entity and account. */
export async function presentRules(db: DbOrTx, rows: TaskRuleRow[]): Promise<TaskRule[]> {
  if (rows.length === 0) return [];
  const names = await db
    .select({
      id: taskRules.id,
      client: { guid: clientList.guid, name: clientList.name },
      entity: { guid: entityList.guid, name: entityList.nickname },
      account: { guid: accountList.guid, name: accountList.name },
    })
    .from(taskRules)
    .innerJoin(clientList, eq(clientList.id, taskRules.clientId))
    .leftJoin(entityList, eq(entityList.id, taskRules.entityId))
    .leftJoin(accountList, eq(accountList.id, taskRules.accountId))
    .where(
      inArray(
        taskRules.id,
        rows.map((r) => r.id),
      ),
    );
  const people = await peopleOfMemberships(
    db,
    rows.flatMap((r) => [r.assigneeOrganizationUserId, r.backupOrganizationUserId]),
  );
  return rows.map((r) => {
    const n = names.find((x) => x.id === r.id);
    if (!n) throw new Error('rule vanished');
    return {
      guid: r.guid,
      name: r.name,
      task_type: r.taskType,
      frequency: r.frequency,
      due_business_days: r.dueBusinessDays,
      start_date: r.startDate,
      client: n.client,
      entity: n.entity?.guid ? { guid: n.entity.guid, name: n.entity.name } : null,
      account: n.account?.guid ? { guid: n.account.guid, name: n.account.name } : null,
      assignee: r.assigneeOrganizationUserId ? (people.get(r.assigneeOrganizationUserId) ?? null) : null,
      backup: r.backupOrganizationUserId ? (people.get(r.backupOrganizationUserId) ?? null) : null,
      is_archived: r.archivedAt !== null,
      created_on: r.createdAt.toISOString(),
    };
  });
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

/** The organisation's client by guid, or a 400 on `client` (another tenant's client is not named). */
async function clientOf(db: DbOrTx, organizationId: number, guid: string) {
  const [row] = await db
    .select({ id: clientList.id })
    .from(clientList)
    .where(and(eq(clientList.guid, guid), eq(clientList.organizationId, organizationId)));
  if (!row) throw new ValidationError({ client: ['Choose a client of the organization.'] });
  return row.id;
}

/** The scope (entity, account) of a rule of the client, checked: 400 on the field that is wrong. */
async function scopeOf(
  db: DbOrTx,
  clientId: number,
  entity: string | null | undefined,
  account: string | null | undefined,
) {
  let entityId: number | null = null;
  if (entity) {
    entityId = await entityIdOf(db, clientId, entity);
    if (entityId === null) throw new ValidationError({ entity: ['Choose an entity of the client.'] });
  }
  let accountId: number | null = null;
  if (account) {
    accountId = entityId === null ? null : await accountOfEntity(db, entityId, { guid: account });
    if (accountId === null) throw new ValidationError({ account: ['Choose an account of the entity.'] });
  }
  return { entityId, accountId };
}

const person = (db: DbOrTx, organizationId: number, guid: string | null | undefined, field: string) =>
  guid ? staffMembershipOf(db, organizationId, guid, field) : Promise.resolve(null);

async function audit(tx: DbOrTx, actor: AuditActor, row: TaskRuleRow, action: string, changes = {}) {
  await recordAudit(tx, actor, {
    action,
    objectType: 'task_rule',
    objectGuid: row.guid,
    organizationId: row.organizationId,
    clientId: row.clientId,
    changes,
  });
}

/** Inserts rules (one or an import's all) with their audit records, in the caller's transaction. */
export async function insertRules(tx: DbOrTx, actor: AuditActor, values: TaskRuleValues[]) {
  if (values.length === 0) return [];
  const rows = await tx.insert(taskRules).values(values).returning();
  for (const row of rows) await audit(tx, actor, row, 'task_rule_created');
  return rows;
}

export async function createRule(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  body: CreateTaskRuleRequest,
) {
  const row = await db.transaction(async (tx) => {
    const clientId = await clientOf(tx, organizationId, body.client);
    const { entityId, accountId } = await scopeOf(tx, clientId, body.entity, body.account);
    const [created] = await insertRules(tx, actor, [
      {
        organizationId,
        clientId,
        entityId,
        accountId,
        name: body.name,
        taskType: body.task_type,
        frequency: body.frequency,
        dueBusinessDays: body.due_business_days,
        startDate: body.start_date,
        assigneeOrganizationUserId: await person(tx, organizationId, body.assignee, 'assignee'),
        backupOrganizationUserId: await person(tx, organizationId, body.backup, 'backup'),
      },
    ]);
    if (!created) throw new Error('rule insert returned nothing');
    return created;
  });
  return presentRule(db, row);
}

async function findRule(db: DbOrTx, organizationId: number, guid: string, forUpdate = false) {
  const query = db
    .select()
    .from(taskRules)
    .where(and(eq(taskRules.guid, guid), eq(taskRules.organizationId, organizationId)));
  const [rule] = forUpdate ? await query.for('update') : await query;
  if (!rule) throw notFound('Task rule not found.');
  return rule;
}

export async function getRule(db: DbOrTx, organizationId: number, guid: string) {
  return presentRule(db, await findRule(db, organizationId, guid));
}

export async function listRules(db: DbOrTx, organizationId: number, query: TaskRuleListQuery) {
  const where: (SQL | undefined)[] = [
    eq(taskRules.organizationId, organizationId),
    query.archived ? isNotNull(taskRules.archivedAt) : isNull(taskRules.archivedAt),
    containsAny(query.search, [taskRules.name]),
  ];
  if (query.client && query.client !== 'all-clients') {
    where.push(
      inArray(
        taskRules.clientId,
        db.select({ id: clientList.id }).from(clientList).where(eq(clientList.guid, query.client)),
      ),
    );
  }
  const condition = and(...where);
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(taskRules).where(condition);
  const rows = await db
    .select()
    .from(taskRules)
    .where(condition)
    .orderBy(desc(taskRules.createdAt), desc(taskRules.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: await presentRules(db, rows) };
}

/**
 * Changes a rule. Periods already raised keep their tasks (the claim is per period start), so the change
 * applies to the periods it raises from now on.
 */
export async function patchRule(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  guid: string,
  body: PatchTaskRuleRequest,
) {
  const row = await db.transaction(async (tx) => {
    const rule = await findRule(tx, organizationId, guid, true);
    const set: Partial<TaskRuleValues> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.task_type !== undefined) set.taskType = body.task_type;
    if (body.frequency !== undefined) set.frequency = body.frequency;
    if (body.due_business_days !== undefined) set.dueBusinessDays = body.due_business_days;
    if (body.start_date !== undefined) set.startDate = body.start_date;
    if (body.entity !== undefined || body.account !== undefined) {
      // The account belongs to the entity: a new entity without an account names the entity as a whole.
      const entityGuid =
        body.entity !== undefined
          ? body.entity
          : rule.entityId === null
            ? null
            : ((
                await tx
                  .select({ guid: entityList.guid })
                  .from(entityList)
                  .where(eq(entityList.id, rule.entityId))
              )[0]?.guid ?? null);
      const scope = await scopeOf(tx, rule.clientId, entityGuid, body.account ?? null);
      set.entityId = scope.entityId;
      set.accountId = scope.accountId;
    }
    if (body.assignee !== undefined)
      set.assigneeOrganizationUserId = await person(tx, organizationId, body.assignee, 'assignee');
    if (body.backup !== undefined)
      set.backupOrganizationUserId = await person(tx, organizationId, body.backup, 'backup');
    const assignee =
      'assigneeOrganizationUserId' in set ? set.assigneeOrganizationUserId : rule.assigneeOrganizationUserId;
    const backup =
      'backupOrganizationUserId' in set ? set.backupOrganizationUserId : rule.backupOrganizationUserId;
    if (assignee != null && assignee === backup)
      throw new ValidationError({ backup: ['Choose a backup other than the assignee.'] });
    if (Object.keys(set).length === 0) return rule;
    const [after] = await tx.update(taskRules).set(set).where(eq(taskRules.id, rule.id)).returning();
    if (!after) throw new Error('rule vanished');
    const changes = Object.fromEntries(
      Object.entries(set).map(([key, value]) => [
        key,
        { before: rule[key as keyof TaskRuleRow], after: value },
      ]),
    );
    await audit(tx, actor, after, 'task_rule_updated', changes);
    return after;
  });
  return presentRule(db, row);
}

/** Archives (stops raising) or unarchives a rule; 409 when it already is. */
export async function setRuleArchived(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  guid: string,
  archived: boolean,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const rule = await findRule(tx, organizationId, guid, true);
    if (archived && rule.archivedAt) throw conflict('The task rule is already archived.', 'already_archived');
    if (!archived && !rule.archivedAt) throw conflict('The task rule is not archived.', 'not_archived');
    const [after] = await tx
      .update(taskRules)
      .set({ archivedAt: archived ? now : null })
      .where(eq(taskRules.id, rule.id))
      .returning();
    if (!after) throw new Error('rule vanished');
    await audit(tx, actor, after, archived ? 'task_rule_archived' : 'task_rule_unarchived');
    return after;
  });
  return presentRule(db, row);
}

/** Deletes a rule; the tasks it raised stay (their period claims go with the rule). */
export async function deleteRule(db: Db, organizationId: number, actor: AuditActor, guid: string) {
  await db.transaction(async (tx) => {
    const rule = await findRule(tx, organizationId, guid, true);
    await tx.delete(taskRules).where(eq(taskRules.id, rule.id));
    await audit(tx, actor, rule, 'task_rule_deleted', { name: { before: rule.name, after: null } });
  });
}
