import { BILL_ORDERING, type BillListQuery, type BillQueueCounts, COUNT_CAP } from '@bp/contracts';
import {
  BILLING_QUEUE_STATUS,
  BILLING_QUEUE_VALUES,
  type BillingQueue,
  type BillStatus,
  filterValue,
} from '@bp/domain';
import { and, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ClientScope } from '../../platform/access.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import {
  cappedCount,
  cappedCountColumn,
  countOfPage,
  type KeysetOrdering,
  keysetClauses,
  keysetSlice,
  keysetWindow,
  keyText,
  type SeekKind,
} from '../../platform/keyset.ts';
import { parseOrdering } from '../../platform/pagination.ts';
import { builtPerShape, type Executable } from '../../platform/prepared.ts';
import { escapeLike } from '../../platform/search.ts';
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

/**
 * What decides the SQL text of a list's filters: which are given, and the status lists, which are named
 * in it (a status picks its index range; the planner should see it). Everything else is a placeholder:
 * `tenant` (the organisation's or client's id), `client`, `entity`, `vendor` and `search` (a LIKE pattern).
 */
interface FilterShape {
  status: BillStatus | null;
  queue: BillingQueue | null;
  clientList: NonNullable<BillListQuery['client_list']> | null;
  client: boolean;
  entity: boolean;
  vendor: boolean;
  search: boolean;
}

type Filters = Pick<
  BillListQuery,
  'status' | 'queue' | 'client' | 'entity' | 'vendor' | 'client_list' | 'search'
>;

/** The query's filters as a shape and the values of its placeholders. */
function filterShapeOf(query: Filters): { shape: FilterShape; values: Record<string, string | undefined> } {
  const client = filterValue(query.client);
  const entity = filterValue(query.entity);
  const term = query.search?.trim();
  return {
    shape: {
      status: query.status ?? null,
      queue: query.queue ?? null,
      clientList: query.client_list ?? null,
      client: client !== undefined,
      entity: entity !== undefined,
      vendor: Boolean(query.vendor),
      search: Boolean(term),
    },
    values: {
      client,
      entity,
      vendor: query.vendor || undefined,
      search: term ? `%${escapeLike(term)}%` : undefined,
    },
  };
}

/**
 * The filters every bill list shares, as conditions on `billList`. Guids are matched through subqueries so
 * the billList indexes still lead; a guid of another tenant simply matches nothing.
 */
function filterConditions(shape: FilterShape, options: { statusFilters?: boolean } = {}): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (options.statusFilters !== false) {
    if (shape.status) conditions.push(eq(billList.status, shape.status));
    if (shape.queue) conditions.push(eq(billList.status, BILLING_QUEUE_STATUS[shape.queue]));
    if (shape.clientList) conditions.push(clientListCondition(shape.clientList));
  }
  if (shape.client)
    conditions.push(
      inArray(
        billList.clientId,
        sql`(select ${clientList.id} from ${clientList} where ${clientList.guid} = ${sql.placeholder('client')})`,
      ),
    );
  if (shape.entity)
    conditions.push(
      inArray(
        billList.entityId,
        sql`(select ${entityList.id} from ${entityList} where ${entityList.guid} = ${sql.placeholder('entity')})`,
      ),
    );
  if (shape.vendor)
    conditions.push(
      inArray(
        billList.vendorId,
        sql`(select ${vendorList.id} from ${vendorList} where ${vendorList.guid} = ${sql.placeholder('vendor')})`,
      ),
    );
  if (shape.search) {
    const pattern = sql.placeholder('search');
    // Vendor names through a subquery, so the search needs no join of its own.
    conditions.push(
      or(
        ilike(billList.invoiceNumber, pattern),
        ilike(billList.extBillId, pattern),
        inArray(
          billList.vendorId,
          sql`(select ${vendorList.id} from ${vendorList} where ${ilike(vendorList.name, pattern)})`,
        ),
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

/** What decides a list page's SQL text: its filters' shape, the ordering and how the page is sought. */
interface PageShape extends FilterShape {
  ordering: string;
  seekKind: SeekKind;
}

/** A shape's key: its fields are written in one order, so JSON names it. */
const shapeKey = (shape: FilterShape) => JSON.stringify(shape);

/**
 * One page of billList within `tenant` (conditions; the tenant's id as the placeholder `tenant`) in the
 * shape's filters and order: from the cursor (or offset), one row more than the page to tell whether
 * another follows, and a count that stops counting at COUNT_CAP + 1 rows
 * (docs/decisions/021-keyset-paging.md), each row carrying it: one statement.
 * With each bill what its actions are decided from (the queues' buttons; a client list does not use
 * them, at the cost of a probe of bill_approvals per row of the page).
 */
function pageStatement<E extends Record<string, SQL | SQL.Aliased>>(
  db: DbOrTx,
  tenant: SQL[],
  shape: PageShape,
  columns: E,
) {
  const where = and(...tenant, ...filterConditions(shape));
  const ordering = billOrdering(shape.ordering);
  const { seek, orderBy } = keysetClauses(ordering, shape.seekKind);
  return selectSummariesWith(db, {
    ...columns,
    sortKey: keyText(ordering),
    total: cappedCountColumn(matchingStatement(db, where)),
  })
    .where(and(where, seek))
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The rows a list's count counts, up to COUNT_CAP + 1. */
function matchingStatement(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(billList)
    .where(where)
    .limit(COUNT_CAP + 1);
}

/** The count of a page that came back empty past the start (countOfPage). */
function countStatement(db: DbOrTx, tenant: SQL[], shape: FilterShape) {
  return db
    .select({ n: count() })
    .from(matchingStatement(db, and(...tenant, ...filterConditions(shape))).as('counted'));
}

const organizationTenant = () => [eq(billList.organizationId, sql.placeholder('tenant'))];
const clientTenant = () => [eq(billList.clientId, sql.placeholder('tenant'))];
// The queues' rows carry what their buttons are decided from (withQueueActions); a client's list has none.
const organizationPage = builtPerShape(shapeKey, (db, shape: PageShape) =>
  pageStatement(db, organizationTenant(), shape, queueActionColumns),
);
const organizationCount = builtPerShape(shapeKey, (db, shape: FilterShape) =>
  countStatement(db, organizationTenant(), shape),
);
const clientPage = builtPerShape(shapeKey, (db, shape: PageShape) =>
  pageStatement(db, clientTenant(), shape, {}),
);
const clientCount = builtPerShape(shapeKey, (db, shape: FilterShape) =>
  countStatement(db, clientTenant(), shape),
);

type ClientListRow = Awaited<ReturnType<ReturnType<typeof clientPage>['execute']>>[number];

/** A list's page and count statements for a shape; each takes the tenant's id as `tenant`. */
interface ListStatements<R> {
  page(shape: PageShape): Executable<R[]>;
  count(shape: FilterShape): Executable<{ n: number }[]>;
}

/**
 * One page of the tenant's bills matching the query: from the cursor (or offset), one row more than the
 * page to tell whether another follows, and the capped count each row carries (docs/decisions/021).
 */
async function pageOfBills<R extends { bill: { id: number }; total: number; sortKey: string }>(
  statements: ListStatements<R>,
  tenantId: number,
  query: BillListQuery,
) {
  const ordering = billOrdering(query.ordering);
  const window = keysetWindow(query, ordering);
  const filters = filterShapeOf(query);
  const shape: PageShape = { ...filters.shape, ordering: ordering.name, seekKind: window.seekKind };
  const values = { tenant: tenantId, ...filters.values, ...window.values };
  const fetched = await statements.page(shape).execute(values);
  const total = await countOfPage(fetched, window, async () => {
    const [alone] = await statements.count(filters.shape).execute(values);
    return alone?.n ?? 0;
  });
  const slice = keysetSlice(
    fetched.map((row) => ({ ...row, id: row.bill.id })),
    window,
    query,
  );
  return { ordering, counted: cappedCount(total), slice, rows: slice.rows };
}

/**
 * A client's bills, as its staff or (within their limits) its own users see them. Statements are built
 * once per shape (platform/prepared.ts, builtPerShape); a client user's own limits carry their values
 * inline, so theirs are built per request.
 */
export async function listClientBills(db: Db, scope: ClientScope, query: BillListQuery) {
  const limits = await clientUserBillConditions(db, scope, billList);
  const statements: ListStatements<ClientListRow> =
    limits.length === 0
      ? { page: (shape) => clientPage(db, shape), count: (shape) => clientCount(db, shape) }
      : {
          page: (shape) => pageStatement(db, [...clientTenant(), ...limits], shape, {}),
          count: (shape) => countStatement(db, [...clientTenant(), ...limits], shape),
        };
  // The client is the path's; a `client` filter would only ever narrow to nothing or to itself.
  const page = await pageOfBills(statements, scope.id, { ...query, client: undefined });
  return { ...page, results: page.rows.map(toSummary) };
}

/** The organisation's billing queues, each row with what its actions are decided from (withQueueActions). */
export async function listOrganizationBills(db: Db, organizationId: number, query: BillListQuery) {
  const page = await pageOfBills(
    { page: (shape) => organizationPage(db, shape), count: (shape) => organizationCount(db, shape) },
    organizationId,
    query,
  );
  return { ...page, results: page.rows.map(toSummary) };
}

/**
 * How many bills each queue holds, with the client and entity filters applied: each queue counted up to
 * COUNT_CAP + 1 rows of its (organisation, status) index range, all in one statement, so the tabs cost
 * the same at a hundred bills or a million. A queue past the cap reports COUNT_CAP and is named in `capped`.
 */
export async function queueCounts(
  db: Db,
  organizationId: number,
  query: Pick<BillListQuery, 'client' | 'entity'>,
): Promise<BillQueueCounts> {
  const filters = filterShapeOf(query);
  const rows = await builtQueueCounts(db, filters.shape).execute({
    tenant: organizationId,
    ...filters.values,
  });
  const byQueue = new Map(rows.map((r) => [r.queue, cappedCount(r.n)]));
  const counts = Object.fromEntries(
    BILLING_QUEUE_VALUES.map((q) => [q, byQueue.get(q)?.count ?? 0]),
  ) as Record<BillingQueue, number>;
  return { ...counts, capped: BILLING_QUEUE_VALUES.filter((q) => byQueue.get(q)?.capped) };
}

/** queueCounts' statement, built once per filter shape (only `client` and `entity` apply). */
const builtQueueCounts = builtPerShape(
  (shape: FilterShape) => `${shape.client}/${shape.entity}`,
  (db, shape) => {
    const filters = filterConditions(
      { ...shape, status: null, queue: null, clientList: null, vendor: false, search: false },
      { statusFilters: false },
    );
    const perQueue = BILLING_QUEUE_VALUES.map((queue, i) => {
      const rows = db
        .select({ one: sql`1` })
        .from(billList)
        .where(and(...organizationTenant(), eq(billList.status, BILLING_QUEUE_STATUS[queue]), ...filters))
        .limit(COUNT_CAP + 1)
        .as(`queue_${i}`);
      return db.select({ queue: sql<string>`${queue}::text`.as('queue'), n: count() }).from(rows);
    });
    const [first, second, ...rest] = perQueue;
    if (!first || !second) throw new Error('expected several billing queues');
    return unionAll(first, second, ...rest);
  },
);
