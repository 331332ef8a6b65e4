import { BILL_ORDERING, type BillListQuery, type BillQueueCounts } from '@bp/contracts';
import { BILLING_QUEUE_STATUS, BILLING_QUEUE_VALUES, type BillStatus, filterValue } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { clientUserBillConditions, selectSummaries, toSummary } from '../bill-core/index.ts';
import { billApprovals, bills } from '../bill-core/tables.ts';
import { clients } from '../clients/tables.ts';
import { entities, vendors } from '../entities/tables.ts';

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
      return inArray(bills.status, CLIENT_WAITING);
    case 'approved':
      // A client approval of the current plan counts once given (a phone approval once confirmed).
      return and(
        notInArray(bills.status, SETTLED),
        sql`exists (select 1 from ${billApprovals} where ${billApprovals.billId} = ${bills.id}
          and ${billApprovals.round} = ${bills.round} and ${billApprovals.step} = 'client_approval'
          and ${billApprovals.result} = 'approved'
          and (${billApprovals.verbal} = false or ${billApprovals.confirmedByUserId} is not null))`,
      );
    case 'auto-approved':
      return and(
        notInArray(bills.status, SETTLED),
        sql`${bills.plan} @> '[{"kind":"client_approval","skipped":true}]'::jsonb`,
      );
    case 'rejected':
      return eq(bills.status, 'rejected');
    case 'paid':
      return eq(bills.status, 'paid');
  }
}

type Filters = Pick<
  BillListQuery,
  'status' | 'queue' | 'client' | 'entity' | 'vendor' | 'client_list' | 'search'
>;

/**
 * The filters every bill list shares, as conditions on `bills`. Guids are matched through subqueries so
 * the bills indexes still lead; a guid of another tenant simply matches nothing.
 */
function filterConditions(query: Filters, options: { statusFilters?: boolean } = {}): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (options.statusFilters !== false) {
    if (query.status) conditions.push(eq(bills.status, query.status));
    if (query.queue) conditions.push(eq(bills.status, BILLING_QUEUE_STATUS[query.queue]));
    if (query.client_list) conditions.push(clientListCondition(query.client_list));
  }
  const client = filterValue(query.client);
  if (client)
    conditions.push(
      inArray(bills.clientId, sql`(select ${clients.id} from ${clients} where ${clients.guid} = ${client})`),
    );
  const entity = filterValue(query.entity);
  if (entity)
    conditions.push(
      inArray(
        bills.entityId,
        sql`(select ${entities.id} from ${entities} where ${entities.guid} = ${entity})`,
      ),
    );
  if (query.vendor)
    conditions.push(
      inArray(
        bills.vendorId,
        sql`(select ${vendors.id} from ${vendors} where ${vendors.guid} = ${query.vendor})`,
      ),
    );
  const term = query.search?.trim();
  if (term) {
    // Vendor names through a subquery, so the search needs no join of its own.
    const like = containsAny(term, [vendors.name]);
    conditions.push(
      or(
        containsAny(term, [bills.invoiceNumber, bills.extBillId]),
        inArray(bills.vendorId, sql`(select ${vendors.id} from ${vendors} where ${like})`),
      ),
    );
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

const ORDER_COLUMNS = {
  due_date: bills.dueDate,
  amount: bills.amount,
  created_on: bills.createdAt,
  vendor: vendors.name,
} as const;

/** One page of bills matching `scope` (the tenant) and the query, ordered, then by id. */
async function pageOfBills(db: DbOrTx, scope: SQL[], query: BillListQuery) {
  const where = and(...scope, ...filterConditions(query));
  const order = parseOrdering(query.ordering, BILL_ORDERING, { field: 'due_date', desc: false });
  const direction = order.desc ? desc : asc;
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(bills).where(where);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[order.field]), direction(bills.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows, results: rows.map(toSummary) };
}

/** A client's bills, as its staff or (within their limits) its own users see them. */
export async function listClientBills(db: DbOrTx, scope: ClientScope, query: BillListQuery) {
  const tenant = [eq(bills.clientId, scope.id), ...(await clientUserBillConditions(db, scope))];
  // The client is the path's; a `client` filter would only ever narrow to nothing or to itself.
  return pageOfBills(db, tenant, { ...query, client: undefined });
}

/** The organisation's billing queues. */
export async function listOrganizationBills(db: DbOrTx, organizationId: number, query: BillListQuery) {
  return pageOfBills(db, [eq(bills.organizationId, organizationId)], query);
}

/** How many bills each queue holds, with the client and entity filters applied. */
export async function queueCounts(
  db: DbOrTx,
  organizationId: number,
  query: Pick<BillListQuery, 'client' | 'entity'>,
): Promise<BillQueueCounts> {
  const statuses = BILLING_QUEUE_VALUES.map((q) => BILLING_QUEUE_STATUS[q]);
  const rows = await db
    .select({ status: bills.status, n: count() })
    .from(bills)
    .where(
      and(
        eq(bills.organizationId, organizationId),
        inArray(bills.status, statuses),
        ...filterConditions(query, { statusFilters: false }),
      ),
    )
    .groupBy(bills.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  return Object.fromEntries(
    BILLING_QUEUE_VALUES.map((q) => [q, byStatus.get(BILLING_QUEUE_STATUS[q]) ?? 0]),
  ) as BillQueueCounts;
}
