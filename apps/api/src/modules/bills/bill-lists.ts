import { BILL_ORDERING, type BillListQuery, type BillQueueCounts } from '@bp/contracts';
import { BILLING_QUEUE_STATUS, BILLING_QUEUE_VALUES, type BillStatus, filterValue } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import {
  billApprovalList,
  billList,
  clientUserBillConditions,
  selectSummaries,
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

const ORDER_COLUMNS = {
  due_date: billList.dueDate,
  amount: billList.amount,
  created_on: billList.createdAt,
  vendor: vendorList.name,
} as const;

/** One page of billList matching `scope` (the tenant) and the query, ordered, then by id. */
async function pageOfBills(db: DbOrTx, scope: SQL[], query: BillListQuery) {
  const where = and(...scope, ...filterConditions(query));
  const order = parseOrdering(query.ordering, BILL_ORDERING, { field: 'due_date', desc: false });
  const direction = order.desc ? desc : asc;
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(billList).where(where);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[order.field]), direction(billList.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows, results: rows.map(toSummary) };
}

/** A client's billList, as its staff or (within their limits) its own users see them. */
export async function listClientBills(db: DbOrTx, scope: ClientScope, query: BillListQuery) {
  const tenant = [eq(billList.clientId, scope.id), ...(await clientUserBillConditions(db, scope, billList))];
  // The client is the path's; a `client` filter would only ever narrow to nothing or to itself.
  return pageOfBills(db, tenant, { ...query, client: undefined });
}

/** The organisation's billing queues. */
export async function listOrganizationBills(db: DbOrTx, organizationId: number, query: BillListQuery) {
  return pageOfBills(db, [eq(billList.organizationId, organizationId)], query);
}

/** How many billList each queue holds, with the client and entity filters applied. */
export async function queueCounts(
  db: DbOrTx,
  organizationId: number,
  query: Pick<BillListQuery, 'client' | 'entity'>,
): Promise<BillQueueCounts> {
  const statuses = BILLING_QUEUE_VALUES.map((q) => BILLING_QUEUE_STATUS[q]);
  const rows = await db
    .select({ status: billList.status, n: count() })
    .from(billList)
    .where(
      and(
        eq(billList.organizationId, organizationId),
        inArray(billList.status, statuses),
        ...filterConditions(query, { statusFilters: false }),
      ),
    )
    .groupBy(billList.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  return Object.fromEntries(
    BILLING_QUEUE_VALUES.map((q) => [q, byStatus.get(BILLING_QUEUE_STATUS[q]) ?? 0]),
  ) as BillQueueCounts;
}
