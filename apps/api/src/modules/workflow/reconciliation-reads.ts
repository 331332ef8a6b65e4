import type { Reconciliation, ReconciliationFilters } from '@bp/contracts';
import { REVIEW_LEVELS } from '@bp/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { escapeLike } from '../../platform/search.ts';
import { personOf } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { accountList, entityList } from '../entities/index.ts';
import { userList } from '../users/index.ts';
import { dueCondition, monthRange } from './due-filter.ts';
import { notFound } from './errors.ts';
import { peopleOfMemberships, staffMembershipOf } from './staff.ts';
import { reconciliationMoves, reconciliations } from './tables.ts';

export type ReconciliationRow = typeof reconciliations.$inferSelect;

/** A reconciliation of the client (or of the organisation), or 404. */
export async function findReconciliation(
  db: DbOrTx,
  where: { clientId?: number; organizationId?: number },
  guid: string,
): Promise<ReconciliationRow> {
  const conditions = [eq(reconciliations.guid, guid)];
  if (where.clientId !== undefined) conditions.push(eq(reconciliations.clientId, where.clientId));
  if (where.organizationId !== undefined)
    conditions.push(eq(reconciliations.organizationId, where.organizationId));
  const [row] = await db
    .select()
    .from(reconciliations)
    .where(and(...conditions));
  if (!row) throw notFound('Reconciliation not found.');
  return row;
}

/** Reconciliations as the API answers them, in the order given. */
export async function presentReconciliations(
  db: DbOrTx,
  rows: ReconciliationRow[],
  today: string,
): Promise<Reconciliation[]> {
  if (rows.length === 0) return [];
  const names = await db
    .select({
      id: reconciliations.id,
      client: { guid: clientList.guid, name: clientList.name },
      entity: { guid: entityList.guid, name: entityList.nickname },
      account: { guid: accountList.guid, name: accountList.name },
      preparer: {
        guid: userList.guid,
        firstName: userList.firstName,
        lastName: userList.lastName,
        avatarKey: userList.avatarKey,
      },
    })
    .from(reconciliations)
    .innerJoin(clientList, eq(clientList.id, reconciliations.clientId))
    .innerJoin(entityList, eq(entityList.id, reconciliations.entityId))
    .leftJoin(accountList, eq(accountList.id, reconciliations.accountId))
    .leftJoin(userList, eq(userList.id, reconciliations.preparerUserId))
    .where(
      inArray(
        reconciliations.id,
        rows.map((r) => r.id),
      ),
    );
  const people = await peopleOfMemberships(
    db,
    rows.map((r) => r.assigneeOrganizationUserId),
  );
  return rows.map((r) => {
    const n = names.find((x) => x.id === r.id);
    if (!n) throw new Error('reconciliation vanished');
    return {
      guid: r.guid,
      client: n.client,
      entity: n.entity,
      account: n.account?.guid ? { guid: n.account.guid, name: n.account.name } : null,
      period_start: r.periodStart,
      period_end: r.periodEnd,
      due_date: r.dueDate,
      is_overdue: r.step !== 'Active' && r.dueDate < today,
      step: r.step,
      assignee: r.assigneeOrganizationUserId ? (people.get(r.assigneeOrganizationUserId) ?? null) : null,
      preparer: n.preparer?.guid ? personOf(n.preparer) : null,
      created_on: r.createdAt.toISOString(),
    };
  });
}

/** The queue's filters as SQL (the step filter aside when `withStep` is false, for counts by step); the dashboard's figures use it too. */
export async function conditionOf(
  db: DbOrTx,
  organizationId: number,
  q: Omit<ReconciliationFilters, 'page' | 'page_size'>,
  today: string,
  withStep: boolean,
): Promise<SQL | undefined> {
  const where: (SQL | undefined)[] = [eq(reconciliations.organizationId, organizationId)];
  where.push(q.inactive ? eq(reconciliations.step, 'Active') : ne(reconciliations.step, 'Active'));
  if (q.client) {
    where.push(
      inArray(
        reconciliations.clientId,
        db
          .select({ id: clientList.id })
          .from(clientList)
          .where(and(eq(clientList.guid, q.client), eq(clientList.organizationId, organizationId))),
      ),
    );
  }
  if (q.entity) {
    where.push(
      inArray(
        reconciliations.entityId,
        db.select({ id: entityList.id }).from(entityList).where(eq(entityList.guid, q.entity)),
      ),
    );
  }
  if (q.assignee) {
    const member = await staffMembershipOf(db, organizationId, q.assignee, 'assignee').catch(() => 0);
    where.push(eq(reconciliations.assigneeOrganizationUserId, member));
  }
  if (withStep && q.step) where.push(eq(reconciliations.step, q.step));
  if (q.review) where.push(eq(reconciliations.step, REVIEW_LEVELS[q.review]));
  where.push(dueCondition(reconciliations.dueDate, q.due, today));
  if (q.period) {
    const { start, next } = monthRange(q.period);
    where.push(gte(reconciliations.periodEnd, start), lt(reconciliations.periodEnd, next));
  }
  const term = q.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    where.push(
      or(
        inArray(
          reconciliations.clientId,
          db.select({ id: clientList.id }).from(clientList).where(ilike(clientList.name, like)),
        ),
        inArray(
          reconciliations.entityId,
          db.select({ id: entityList.id }).from(entityList).where(ilike(entityList.nickname, like)),
        ),
      ),
    );
  }
  return and(...where);
}

/** The organisation's work queue, soonest due first. */
export async function listReconciliations(
  db: DbOrTx,
  organizationId: number,
  q: ReconciliationFilters,
  today: string,
) {
  const condition = await conditionOf(db, organizationId, q, today, true);
  const { limit, offset } = pageWindow(q);
  const [total] = await db.select({ n: count() }).from(reconciliations).where(condition);
  const rows = await db
    .select()
    .from(reconciliations)
    .where(condition)
    .orderBy(asc(reconciliations.dueDate), asc(reconciliations.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: await presentReconciliations(db, rows, today) };
}

/** Counts of the queue with the same filters: total, overdue and by step. */
export async function countReconciliations(
  db: DbOrTx,
  organizationId: number,
  q: ReconciliationFilters,
  today: string,
) {
  const condition = await conditionOf(db, organizationId, q, today, false);
  const rows = await db
    .select({ step: reconciliations.step, n: count() })
    .from(reconciliations)
    .where(condition)
    .groupBy(reconciliations.step);
  const [overdue] = await db
    .select({ n: count() })
    .from(reconciliations)
    .where(and(condition, lt(reconciliations.dueDate, today)));
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    overdue: overdue?.n ?? 0,
    by_step: Object.fromEntries(rows.map((r) => [r.step, r.n])),
  };
}

/** Every move, newest first. */
export async function reconciliationHistory(
  db: DbOrTx,
  id: number,
  query: { page: number; page_size: number },
) {
  const { limit, offset } = pageWindow(query);
  const where = eq(reconciliationMoves.reconciliationId, id);
  const [total] = await db.select({ n: count() }).from(reconciliationMoves).where(where);
  const rows = await db
    .select({
      move: reconciliationMoves,
      user: {
        guid: userList.guid,
        firstName: userList.firstName,
        lastName: userList.lastName,
        avatarKey: userList.avatarKey,
      },
    })
    .from(reconciliationMoves)
    .leftJoin(userList, eq(userList.id, reconciliationMoves.userId))
    .where(where)
    .orderBy(desc(reconciliationMoves.createdAt), desc(reconciliationMoves.id))
    .limit(limit)
    .offset(offset);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ move, user }) => ({
      from_step: move.fromStep,
      to_step: move.toStep,
      direction: move.direction,
      reason: move.reason,
      user: user?.guid ? personOf(user) : null,
      created_on: move.createdAt.toISOString(),
    })),
  };
}
