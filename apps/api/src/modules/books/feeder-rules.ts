import type { FeederAction, FeederFilters, FeederRule } from '@bp/contracts';
import { createFeederRuleRequest, feederFilters, patchFeederRuleRequest } from '@bp/contracts';
import { wildcardToLike } from '@bp/domain';
import { and, asc, eq, gte, ilike, inArray, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import { diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { resolveAction } from './categorize.ts';
import { notFound } from './errors.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, bookBankLines, bookClosedPeriods, bookFeederRules } from './tables.ts';

export type RuleRow = typeof bookFeederRules.$inferSelect;

export function presentRule(row: RuleRow): FeederRule {
  return {
    guid: row.guid,
    name: row.name,
    priority: row.priority,
    is_active: row.isActive,
    filters: row.filters as FeederFilters,
    action: row.action as FeederAction,
    created_on: row.createdAt.toISOString(),
    updated_on: row.updatedAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters as SQL over bank lines. Text filters are ILIKE patterns (a "matches" wildcard becomes one,
 * never a regular expression: decision 034); amounts compare without sign, the direction by sign.
 */
export function filterConditions(filters: FeederFilters, bankAccountId: number | null): SQL[] {
  const where: SQL[] = [];
  if (filters.description_contains)
    where.push(ilike(bookBankLines.description, `%${escapeLike(filters.description_contains)}%`));
  if (filters.description_matches)
    where.push(ilike(bookBankLines.description, wildcardToLike(filters.description_matches)));
  if (filters.counterparty_contains)
    where.push(ilike(bookBankLines.counterparty, `%${escapeLike(filters.counterparty_contains)}%`));
  if (filters.direction === 'in') where.push(sql`${bookBankLines.amount} > 0`);
  if (filters.direction === 'out') where.push(sql`${bookBankLines.amount} < 0`);
  if (filters.amount_min != null) where.push(sql`abs(${bookBankLines.amount}) >= ${filters.amount_min}`);
  if (filters.amount_max != null) where.push(sql`abs(${bookBankLines.amount}) <= ${filters.amount_max}`);
  if (bankAccountId !== null) where.push(eq(bookBankLines.accountId, bankAccountId));
  if (filters.date_from) where.push(gte(bookBankLines.lineDate, filters.date_from));
  if (filters.date_to) where.push(lte(bookBankLines.lineDate, filters.date_to));
  return where;
}

/** Lines a rule may categorise: the entity's posted, uncategorised lines outside closed months. */
export function openLineConditions(entityId: number): SQL[] {
  return [
    eq(bookBankLines.entityId, entityId),
    eq(bookBankLines.pending, false),
    isNull(bookBankLines.categorizedBy),
    sql`not exists (select 1 from ${bookClosedPeriods} where ${bookClosedPeriods.entityId} = ${bookBankLines.entityId}
      and ${bookClosedPeriods.month} = date_trunc('month', ${bookBankLines.lineDate})::date)`,
  ];
}

/** The id of the filters' bank account within the entity (a field error when it is not one of its). */
export async function bankAccountIdOf(
  db: DbOrTx,
  entityId: number,
  filters: FeederFilters,
  prefix = 'filters',
) {
  if (!filters.bank_account) return null;
  const [account] = await db
    .select({ id: bookAccounts.id, subtype: bookAccounts.subtypeCode })
    .from(bookAccounts)
    .where(and(eq(bookAccounts.entityId, entityId), eq(bookAccounts.guid, filters.bank_account)));
  if (!account || !['bank', 'credit_card'].includes(account.subtype))
    throw new ValidationError({
      [`${prefix}.bank_account`]: ['Choose a bank or credit-card account of this entity.'],
    });
  return account.id;
}

export async function listRules(db: Db, scope: BooksScope) {
  const rows = await db
    .select()
    .from(bookFeederRules)
    .where(eq(bookFeederRules.entityId, scope.entityId))
    .orderBy(asc(bookFeederRules.priority), asc(bookFeederRules.id));
  return { results: rows.map(presentRule) };
}

async function lockRule(tx: DbOrTx, scope: BooksScope, ruleGuid: string): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(bookFeederRules)
    .where(and(eq(bookFeederRules.guid, ruleGuid), eq(bookFeederRules.entityId, scope.entityId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function findRule(
  db: DbOrTx,
  scope: Pick<BooksScope, 'entityId'>,
  ruleGuid: string,
): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(bookFeederRules)
    .where(and(eq(bookFeederRules.guid, ruleGuid), eq(bookFeederRules.entityId, scope.entityId)));
  if (!row) throw notFound();
  return row;
}

const auditRule = (scope: BooksScope, action: string, guid: string, changes = {}) => ({
  action,
  objectType: 'feeder_rule',
  objectGuid: guid,
  organizationId: scope.organizationId,
  clientId: scope.clientId,
  changes,
});

export async function createRule(db: Db, scope: BooksScope, input: unknown): Promise<FeederRule> {
  const body = createFeederRuleRequest.parse(input);
  await bankAccountIdOf(db, scope.entityId, body.filters);
  await resolveAction(db, scope, body.action);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ p: max(bookFeederRules.priority) })
      .from(bookFeederRules)
      .where(eq(bookFeederRules.entityId, scope.entityId));
    const [row] = await tx
      .insert(bookFeederRules)
      .values({
        entityId: scope.entityId,
        name: body.name,
        priority: body.priority ?? (last?.p ?? 0) + 10,
        isActive: body.is_active,
        filters: body.filters,
        action: body.action,
        createdBy: scope.userId,
      })
      .returning();
    if (!row) throw new Error('rule not inserted');
    await recordAudit(
      tx,
      scope.actor,
      auditRule(scope, 'feeder_rule_created', row.guid, { name: { before: null, after: row.name } }),
    );
    return presentRule(row);
  });
}

export async function patchRule(
  db: Db,
  scope: BooksScope,
  ruleGuid: string,
  input: unknown,
): Promise<FeederRule> {
  const body = patchFeederRuleRequest.parse(input);
  if (body.filters) await bankAccountIdOf(db, scope.entityId, body.filters);
  if (body.action) await resolveAction(db, scope, body.action);
  return db.transaction(async (tx) => {
    const row = await lockRule(tx, scope, ruleGuid);
    const next = {
      name: body.name ?? row.name,
      priority: body.priority ?? row.priority,
      isActive: body.is_active ?? row.isActive,
      filters: body.filters ?? row.filters,
      action: body.action ?? row.action,
    };
    const [updated] = await tx
      .update(bookFeederRules)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(bookFeederRules.id, row.id))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(
      tx,
      scope.actor,
      auditRule(
        scope,
        'feeder_rule_changed',
        row.guid,
        diffFields(
          {
            name: row.name,
            priority: row.priority,
            is_active: row.isActive,
            filters: JSON.stringify(row.filters),
            action: JSON.stringify(row.action),
          },
          {
            name: next.name,
            priority: next.priority,
            is_active: next.isActive,
            filters: JSON.stringify(next.filters),
            action: JSON.stringify(next.action),
          },
        ),
      ),
    );
    return presentRule(updated);
  });
}

export async function deleteRule(db: Db, scope: BooksScope, ruleGuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRule(tx, scope, ruleGuid);
    await tx.delete(bookFeederRules).where(eq(bookFeederRules.id, row.id));
    await recordAudit(
      tx,
      scope.actor,
      auditRule(scope, 'feeder_rule_deleted', row.guid, { name: { before: row.name, after: null } }),
    );
  });
}

/** The rules an application runs: one named rule, or the entity's active rules in priority order. */
export async function rulesToApply(
  db: DbOrTx,
  scope: Pick<BooksScope, 'entityId'>,
  ruleGuid: string | undefined,
) {
  if (ruleGuid) return [await findRule(db, scope, ruleGuid)];
  return db
    .select()
    .from(bookFeederRules)
    .where(and(eq(bookFeederRules.entityId, scope.entityId), eq(bookFeederRules.isActive, true)))
    .orderBy(asc(bookFeederRules.priority), asc(bookFeederRules.id));
}

/** Parses stored filters (written through the same schema) for use. */
export const filtersOf = (row: RuleRow) => feederFilters.parse(row.filters);

/** Lines of `ids` (for a preview of existing rows without locking). */
export const linesIn = (ids: number[]) => inArray(bookBankLines.id, ids);
