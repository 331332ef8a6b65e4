import { BILL_ORDERING, type BillListQuery, type BillQueueCounts, COUNT_CAP } from '@bp/contracts';
import {
  BILLING_QUEUE_STATUS,
  BILLING_QUEUE_VALUES,
  type BillingQueue,
  type BillStatus,
  filterValue,
} from '@bp/domain';
import { and, count, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import {
  cappedCount,
  cappedCountColumn,
  countOfPage,
  type KeysetOrdering,
  keysetSlice,
  keysetWindow,
  keyText,
} from '../../platform/keyset.ts';
import { parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import {
  billApprovalList,
  billList,
  clientUserBillConditions,
  queueActionColumns,
  selectSummariesWith,
  toSummary,
} from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';

/** Statuses of the client's "waiting on me" list: a client step the bill waits on. */
const CLIENT_WAITING: BillStatus[] = [
  'client_pre_approval',
  'client_approval',
  'needs_2nd_approval',
  'verbal_approval',
];
const SETTLED: BillStatus[] = ['paid', 'rejected', 'changes_required'];

/** The client's status lists (contracts' billListQuery.client_list) as conditions. */
function clientListCondition(list: NonNullable<BillListQuery['client_list']>): SQL | undefined {
  switch (list) {
    case 'client-pre-bill':
      return inArray(billList.status, CLIENT_WAITING);
    case 'approved':
      // A client approval of the current plan counts once given (a phone approval once confirmed).
      return and(
        notInArray(billList.status, SETTLED),
        sql`exists (select 1 from ${billApprovalList} where ${billApprovalList.billId} = ${billList.id}
          and ${billApprovalList.round} = ${billList.round} and ${billApprovalList.step} = 'client_approval'
          and ${billApprovalList.result} = 'approved'
          and (${billApprovalList.verbal} = false or ${billApprovalList.confirmedByUserId} is not null))`,
      );
    case 'auto-approved':
      return and(
        notInArray(billList.status, SETTLED),
        sql`${billList.plan} @> '[{"kind":"client_approval","skipped":true}]'::jsonb`,
      );
    case 'rejected':
      return eq(billList.status, 'rejected');
    case 'paid':
      return eq(billList.status, 'paid');
  }
}

type Filters = Pick<
  BillListQuery,
  'status' | 'queue' | 'client' | 'entity' | 'vendor' | 'client_list' | 'search'
>;

/**
 * The filters every bill list shares, as conditions on `billList`. Guids are matched through subqueries so
 * the billList indexes still lead; a guid of another tenant simply matches nothing.
 */
function filterConditions(query: Filters, options: { statusFilters?: boolean } = {}): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (options.statusFilters !== false) {
    if (query.status) conditions.push(eq(billList.status, query.status));
    if (query.queue) conditions.push(eq(billList.status, BILLING_QUEUE_STATUS[query.queue]));
    if (query.client_list) conditions.push(clientListCondition(query.client_list));
  }
  const client = filterValue(query.client);
  if (client)
    conditions.push(
      inArray(
        billList.clientId,
        sql`(select ${clientList.id} from ${clientList} where ${clientList.guid} = ${client})`,
      ),
    );
  const entity = filterValue(query.entity);
  if (entity)
    conditions.push(
      inArray(
        billList.entityId,
        sql`(select ${entityList.id} from ${entityList} where ${entityList.guid} = ${entity})`,
      ),
    );
  if (query.vendor)
    conditions.push(
      inArray(
        billList.vendorId,
        sql`(select ${vendorList.id} from ${vendorList} where ${vendorList.guid} = ${query.vendor})`,
      ),
    );
  const term = query.search?.trim();
  if (term) {
    // Vendor names through a subquery, so the search needs no join of its own.
    const like = containsAny(term, [vendorList.name]);
    conditions.push(
      or(
        containsAny(term, [billList.invoiceNumber, billList.extBillId]),
        inArray(billList.vendorId, sql`(select ${vendorList.id} from ${vendorList} where ${like})`),
      ),
    );
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** Each ordering's sort key and how a cursor writes it (due_date, amount and created_at are never null). */
const ORDER_KEYS = {
  due_date: { key: billList.dueDate, kind: 'date' },
  amount: { key: billList.amount, kind: 'integer' },
  created_on: { key: billList.createdAt, kind: 'timestamp' },
  vendor: { key: vendorList.name, kind: 'text' },
} as const satisfies Record<(typeof BILL_ORDERING)[number], Pick<KeysetOrdering, 'key' | 'kind'>>;

/** The list's ordering (an unknown one falls back to due date), then id in the same direction. */
export function billOrdering(ordering: string | undefined): KeysetOrdering {
  const order = parseOrdering(ordering, BILL_ORDERING, { field: 'due_date', desc: false });
  return {
    name: `${order.desc ? '-' : ''}${order.field}`,
    ...ORDER_KEYS[order.field],
    id: billList.id,
    desc: order.desc,
  };
}

/**
 * One page of billList matching `scope` (the tenant) and the query: sought by the cursor (or offset when
 * there is none), one row more than the page to tell whether another follows, and a count that stops
 * counting at COUNT_CAP + 1 rows (docs/decisions/021-keyset-paging.md).
 */
async function pageOfBills(db: DbOrTx, scope: SQL[], query: BillListQuery) {
  const where = and(...scope, ...filterConditions(query));
  const ordering = billOrdering(query.ordering);
  const window = keysetWindow(query, ordering);
  const matching = () =>
    db
      .select({ one: sql`1` })
      .from(billList)
      .where(where)
      .limit(COUNT_CAP + 1);
  // One statement: the page, each row carrying the capped count of the whole list.
  // With each bill what its actions are decided from (the queues' buttons; a client list does not use
  // them, at the cost of a probe of bill_approvals per row of the page).
  const fetched = await selectSummariesWith(db, {
    ...queueActionColumns,
    sortKey: keyText(ordering),
    total: cappedCountColumn(matching()),
  })
    .where(and(where, window.seek))
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  const total = await countOfPage(fetched, window, async () => {
    const [alone] = await db.select({ n: count() }).from(matching().as('counted'));
    return alone?.n ?? 0;
  });
  const slice = keysetSlice(
    fetched.map((row) => ({ ...row, id: row.bill.id })),
    window,
    query,
  );
  return {
    ordering,
    counted: cappedCount(total),
    slice,
    rows: slice.rows,
    results: slice.rows.map(toSummary),
  };
}

/** A client's billList, as its staff or (within their limits) its own users see them. */
export async function listClientBills(db: DbOrTx, scope: ClientScope, query: BillListQuery) {
  const tenant = [eq(billList.clientId, scope.id), ...(await clientUserBillConditions(db, scope, billList))];
  // The client is the path's; a `client` filter would only ever narrow to nothing or to itself.
  return pageOfBills(db, tenant, { ...query, client: undefined });
}

/** The organisation's billing queues, each row with what its actions are decided from (withQueueActions). */
export async function listOrganizationBills(db: DbOrTx, organizationId: number, query: BillListQuery) {
  return pageOfBills(db, [eq(billList.organizationId, organizationId)], query);
}

/**
 * How many bills each queue holds, with the client and entity filters applied: each queue counted up to
 * COUNT_CAP + 1 rows of its (organisation, status) index range, all in one statement, so the tabs cost
 * the same at a hundred bills or a million. A queue past the cap reports COUNT_CAP and is named in `capped`.
 */
export async function queueCounts(
  db: DbOrTx,
  organizationId: number,
  query: Pick<BillListQuery, 'client' | 'entity'>,
): Promise<BillQueueCounts> {
  const filters = filterConditions(query, { statusFilters: false });
  const perQueue = BILLING_QUEUE_VALUES.map((queue, i) => {
    const status = BILLING_QUEUE_STATUS[queue];
    const rows = db
      .select({ one: sql`1` })
      .from(billList)
      .where(and(eq(billList.organizationId, organizationId), eq(billList.status, status), ...filters))
      .limit(COUNT_CAP + 1)
      .as(`queue_${i}`);
    return db.select({ queue: sql<string>`${queue}::text`.as('queue'), n: count() }).from(rows);
  });
  const [first, second, ...rest] = perQueue;
  if (!first || !second) throw new Error('expected several billing queues');
  const rows = await unionAll(first, second, ...rest);
  const byQueue = new Map(rows.map((r) => [r.queue, cappedCount(r.n)]));
  const counts = Object.fromEntries(
    BILLING_QUEUE_VALUES.map((q) => [q, byQueue.get(q)?.count ?? 0]),
  ) as Record<BillingQueue, number>;
  return { ...counts, capped: BILLING_QUEUE_VALUES.filter((q) => byQueue.get(q)?.capped) };
}
