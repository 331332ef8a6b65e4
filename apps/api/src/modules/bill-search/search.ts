import { type AdvancedSearchQuery, type BillSummary, COUNT_CAP, type KeysetPageQuery } from '@bp/contracts';
import type { BillStatus } from '@bp/domain';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { invalid, ValidationError } from '../../platform/domain-errors.ts';
import {
  cappedCount,
  cappedCountColumn,
  countOfPage,
  type KeyKind,
  type KeysetOrdering,
  type KeysetWindow,
  keysetClauses,
  keysetSlice,
  keysetWindow,
  keyText,
  type SeekKind,
} from '../../platform/keyset.ts';
import { parseOrdering } from '../../platform/pagination.ts';
import { builtPerShape } from '../../platform/prepared.ts';
import { escapeLike } from '../../platform/search.ts';
import { billLineList, billList, toSummary } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { type BillScope, type BillScopeOf, scopeConditions } from './scope.ts';

/** The advanced search's filters, without paging and the tenant filters (those are the scope). */
export type SearchFilters = Partial<
  Omit<AdvancedSearchQuery, 'page' | 'page_size' | 'cursor' | 'client' | 'entity'>
>;

export const SEARCH_ORDERING = ['due_date', 'amount', 'created_on'] as const;
const DEFAULT_ORDERING = { field: 'created_on', desc: true } as const;

/** Largest export; a search matching more must be narrowed first. */
export const EXPORT_MAX_ROWS = 50_000;

/** 400 on the upper bound of a range whose lower bound lies above it. */
export function assertSearchRanges(filters: SearchFilters): void {
  const errors: Record<string, string[]> = {};
  const check = (lowest: unknown, highest: unknown, field: string, message: string) => {
    if (
      lowest !== undefined &&
      highest !== undefined &&
      (lowest as string | number) > (highest as string | number)
    )
      errors[field] = [message];
  };
  check(filters.amount_min, filters.amount_max, 'amount_max', 'The maximum must not be below the minimum.');
  const dateMessage = 'The end date must not be before the start date.';
  check(filters.due_date_from, filters.due_date_to, 'due_date_to', dateMessage);
  check(filters.invoice_date_from, filters.invoice_date_to, 'invoice_date_to', dateMessage);
  check(filters.paid_date_from, filters.paid_date_to, 'paid_date_to', dateMessage);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The filters compared with a value of the request, each a placeholder of its own name in the statement. */
const VALUE_FILTERS = [
  'amount_min',
  'amount_max',
  'due_date_from',
  'due_date_to',
  'invoice_date_from',
  'invoice_date_to',
  'paid_date_from',
  'paid_date_to',
  'vendor',
  'invoice_number',
  'memo',
  'search',
] as const;
type ValueFilter = (typeof VALUE_FILTERS)[number];
/** The filters matched as "contains": their value is a LIKE pattern. */
const CONTAINS: ReadonlySet<ValueFilter> = new Set(['vendor', 'invoice_number', 'memo', 'search']);

/**
 * What decides the text of a search's statements: where the scope starts (a client, an entity), the
 * statuses (named in it: they pick index ranges), which value filters are given, the ordering and how
 * the page is sought. A client user's own limits (`visibility`) carry their values inline, so their
 * statements are built per request; everyone else's are built once per shape (builtPerShape).
 */
export interface SearchShape {
  client: boolean;
  entity: boolean;
  visibility: SQL[];
  status: BillStatus[];
  given: ValueFilter[];
  ordering: string;
  seekKind: SeekKind;
}

/** The search's shape and the values of its placeholders (the scope's ids, the filters, the window's). */
export function searchShapeOf(
  scope: BillScope,
  filters: SearchFilters,
  window: Pick<KeysetWindow, 'seekKind' | 'values'>,
): { shape: SearchShape; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {
    organization: scope.organizationId,
    client: scope.clientId,
    entity: scope.entityId,
    ...window.values,
  };
  const given: ValueFilter[] = [];
  for (const name of VALUE_FILTERS) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    if (CONTAINS.has(name)) {
      const trimmed = String(value).trim();
      if (!trimmed) continue;
      values[name] = `%${escapeLike(trimmed)}%`;
    } else values[name] = value;
    given.push(name);
  }
  return {
    shape: {
      client: scope.clientId !== null,
      entity: scope.entityId !== null,
      visibility: scope.visibility,
      status: filters.status ?? [],
      given,
      ordering: searchOrdering(filters.ordering).name,
      seekKind: window.seekKind,
    },
    values,
  };
}

/** The shape's scope, its ids as the placeholders `organization`, `client` and `entity`. */
function scopeOf(shape: SearchShape): BillScopeOf<SQLWrapper> {
  return {
    organizationId: sql.placeholder('organization'),
    clientId: shape.client ? sql.placeholder('client') : null,
    entityId: shape.entity ? sql.placeholder('entity') : null,
    visibility: shape.visibility,
  };
}

/**
 * Ids of the scope's vendors whose name contains the term. Vendors belong to entities, so the
 * subquery is bounded by the tenant (entity, client or organisation) before the name is compared.
 */
function vendorsNamed(db: DbOrTx, scope: BillScopeOf<SQLWrapper>, pattern: SQLWrapper) {
  const named = ilike(vendorList.name, pattern);
  if (scope.entityId !== null) {
    return db
      .select({ id: vendorList.id })
      .from(vendorList)
      .where(and(eq(vendorList.entityId, scope.entityId), named));
  }
  return db
    .select({ id: vendorList.id })
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
    .innerJoin(clientList, eq(clientList.id, entityList.clientId))
    .where(
      and(
        eq(clientList.organizationId, scope.organizationId),
        scope.clientId === null ? undefined : eq(entityList.clientId, scope.clientId),
        named,
      ),
    );
}

/**
 * Any line's memo contains the term. The lines are the scope's organisation's first, so the planner can
 * start from bill_lines_org_memo_trgm_idx (organisation, memo trigrams) inside the tenant, or probe each
 * bill's lines when the page's order leads.
 */
function memoContains(db: DbOrTx, scope: BillScopeOf<SQLWrapper>, pattern: SQLWrapper) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(billLineList)
      .where(
        and(
          eq(billLineList.organizationId, scope.organizationId),
          ilike(billLineList.memo, pattern),
          eq(billLineList.billId, billList.id),
        ),
      ),
  );
}

/** Every condition of a search: the scope first, then each given filter (all must hold). */
function searchConditions(db: DbOrTx, shape: SearchShape): SQL[] {
  const scope = scopeOf(shape);
  const conditions = scopeConditions(scope);
  const add = (condition: SQL | undefined) => {
    if (condition) conditions.push(condition);
  };
  const [onlyStatus] = shape.status;
  if (shape.status.length === 1 && onlyStatus) add(eq(billList.status, onlyStatus));
  else if (shape.status.length > 1) add(inArray(billList.status, shape.status));
  const given = (name: ValueFilter) => (shape.given.includes(name) ? sql.placeholder(name) : undefined);
  const compare = (name: ValueFilter, column: PgColumn, op: typeof gte) => {
    const value = given(name);
    if (value) add(op(column, value));
  };
  compare('amount_min', billList.amount, gte);
  compare('amount_max', billList.amount, lte);
  compare('due_date_from', billList.dueDate, gte);
  compare('due_date_to', billList.dueDate, lte);
  compare('invoice_date_from', billList.invoiceDate, gte);
  compare('invoice_date_to', billList.invoiceDate, lte);
  compare('paid_date_from', billList.paidDate, gte);
  compare('paid_date_to', billList.paidDate, lte);
  const vendor = given('vendor');
  if (vendor) add(inArray(billList.vendorId, vendorsNamed(db, scope, vendor)));
  const invoiceNumber = given('invoice_number');
  if (invoiceNumber) add(ilike(billList.invoiceNumber, invoiceNumber));
  const memo = given('memo');
  if (memo) add(memoContains(db, scope, memo));
  const search = given('search');
  if (search) {
    add(
      or(
        ilike(billList.invoiceNumber, search),
        inArray(billList.vendorId, vendorsNamed(db, scope, search)),
        memoContains(db, scope, search),
      ),
    );
  }
  return conditions;
}

type OrderColumns = Record<'dueDate' | 'amount' | 'createdAt' | 'id', SQL.Aliased | PgColumn>;
const ORDER_KEYS = {
  due_date: { column: 'dueDate', kind: 'date' },
  amount: { column: 'amount', kind: 'integer' },
  created_on: { column: 'createdAt', kind: 'timestamp' },
} as const satisfies Record<(typeof SEARCH_ORDERING)[number], { column: keyof OrderColumns; kind: KeyKind }>;

/** The asked ordering (an unknown one falls back to newest first) over `columns`, then id the same way. */
function orderingOver(ordering: string | undefined, columns: OrderColumns): KeysetOrdering {
  const { field, desc: descending } = parseOrdering(ordering, SEARCH_ORDERING, DEFAULT_ORDERING);
  const { column, kind } = ORDER_KEYS[field];
  return {
    name: `${descending ? '-' : ''}${field}`,
    key: columns[column] as Column,
    kind,
    id: columns.id as Column,
    desc: descending,
  };
}

/** The search's ordering on bills, for keyset paging: its cursors and seek. */
export function searchOrdering(ordering: string | undefined): KeysetOrdering {
  return orderingOver(ordering, billList);
}

/** ORDER BY of the ordering (turned round when walking backwards), then id the same way. */
function orderBy(ordering: string, columns: OrderColumns, backwards: boolean) {
  const order = orderingOver(ordering, columns);
  const direction = order.desc !== backwards ? desc : asc;
  return [direction(order.key), direction(order.id)];
}

const pageColumns = {
  id: billList.id,
  guid: billList.guid,
  clientId: billList.clientId,
  entityId: billList.entityId,
  vendorId: billList.vendorId,
  status: billList.status,
  amount: billList.amount,
  dueDate: billList.dueDate,
  invoiceNumber: billList.invoiceNumber,
  invoiceDate: billList.invoiceDate,
  paymentMethod: billList.paymentMethod,
  invoiceSource: billList.invoiceSource,
  extBillId: billList.extBillId,
  paidDate: billList.paidDate,
  createdAt: billList.createdAt,
  updatedAt: billList.updatedAt,
};

/**
 * One page of matching bills (its window's values as placeholders: platform/keyset.ts). The page is cut
 * from `bills` alone (its indexes give the order and the cursor's seek), and only then are the page's
 * rows joined to their client, entity and vendor names. `withCount`: each row carries the search's
 * count, capped, as a column (one statement, issue 12 item 3).
 */
export function searchPageQuery(db: DbOrTx, shape: SearchShape, options: { withCount?: boolean } = {}) {
  const ordering = searchOrdering(shape.ordering);
  const { seek, orderBy: pageOrder } = keysetClauses(ordering, shape.seekKind);
  const backwards = shape.seekKind === 'before';
  const page = db.$with('page').as(
    db
      .select({ ...pageColumns, sortKey: keyText(ordering).as('sort_key') })
      .from(billList)
      .where(and(...searchConditions(db, shape), seek))
      .orderBy(...pageOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(page)
    .select({
      id: page.id,
      sortKey: page.sortKey,
      total: options.withCount
        ? cappedCountColumn(searchMatching(db, shape))
        : sql<number>`0`.mapWith(Number),
      bill: {
        guid: page.guid,
        status: page.status,
        amount: page.amount,
        dueDate: page.dueDate,
        invoiceNumber: page.invoiceNumber,
        invoiceDate: page.invoiceDate,
        paymentMethod: page.paymentMethod,
        invoiceSource: page.invoiceSource,
        extBillId: page.extBillId,
        paidDate: page.paidDate,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
      },
      client: { guid: clientList.guid, name: clientList.name },
      entity: { guid: entityList.guid, nickname: entityList.nickname },
      vendor: { guid: vendorList.guid, name: vendorList.name },
    })
    .from(page)
    .innerJoin(clientList, eq(clientList.id, page.clientId))
    .innerJoin(entityList, eq(entityList.id, page.entityId))
    .innerJoin(vendorList, eq(vendorList.id, page.vendorId))
    .orderBy(...orderBy(shape.ordering, page, backwards));
}

/**
 * How many bills match, counting no further than the placeholder `up_to` rows (the same conditions as
 * the page): a count past the cap says only "more", and costs the same however many more there are.
 */
export function searchCountQuery(db: DbOrTx, shape: SearchShape) {
  return db.select({ n: count() }).from(searchMatching(db, shape, sql.placeholder('up_to')).as('matching'));
}

/** The matching rows the count counts, up to `upTo`. */
function searchMatching(db: DbOrTx, shape: SearchShape, upTo: number | SQLWrapper = COUNT_CAP + 1) {
  return db
    .select({ one: sql`1` })
    .from(billList)
    .where(and(...searchConditions(db, shape)))
    .limit(upTo as number);
}

/** A shape's key: everything searchConditions and the page read from it (never a client user's: built per request). */
const searchShapeKey = ({ visibility: _inline, ...shape }: SearchShape) => JSON.stringify(shape);
const builtPage = builtPerShape(searchShapeKey, (db, shape: SearchShape) =>
  searchPageQuery(db, shape, { withCount: true }),
);
const builtCount = builtPerShape(searchShapeKey, (db, shape: SearchShape) => searchCountQuery(db, shape));

/** One page of the search by cursor (or offset), with its count capped at COUNT_CAP. */
export async function searchBills(db: Db, scope: BillScope, filters: SearchFilters, query: KeysetPageQuery) {
  const ordering = searchOrdering(filters.ordering);
  const window = keysetWindow(query, ordering);
  const { shape, values } = searchShapeOf(scope, filters, window);
  const inline = shape.visibility.length > 0;
  const fetched = await (inline
    ? searchPageQuery(db, shape, { withCount: true })
    : builtPage(db, shape)
  ).execute(values);
  const total = await countOfPage(fetched, window, async () => {
    const counting = inline ? searchCountQuery(db, shape) : builtCount(db, shape);
    const [alone] = await counting.execute({ ...values, up_to: COUNT_CAP + 1 });
    return alone?.n ?? 0;
  });
  const slice = keysetSlice(fetched, window, query);
  return {
    ordering,
    counted: cappedCount(total),
    slice,
    results: slice.rows.map(toSummary) as BillSummary[],
  };
}

/** Every matching bill, in the search's order, for a file export; 400 when more than {@link EXPORT_MAX_ROWS}. */
export async function exportBills(
  db: DbOrTx,
  scope: BillScope,
  filters: SearchFilters,
  maxRows = EXPORT_MAX_ROWS,
): Promise<BillSummary[]> {
  // Exports are rare: built per request.
  const window = {
    seekKind: 'start' as const,
    values: { cursor_key: null, cursor_id: null, limit: maxRows, offset: 0 },
  };
  const { shape, values } = searchShapeOf(scope, filters, window);
  // Counted only up to one past the limit: whether the search fits is all the export needs to know.
  const [total] = await searchCountQuery(db, shape).execute({ ...values, up_to: maxRows + 1 });
  const n = total?.n ?? 0;
  if (n > maxRows) {
    throw invalid(
      'non_field_errors',
      `This search matches more than ${maxRows.toLocaleString('en-US')} bills, the most an export holds. Narrow the search and try again.`,
    );
  }
  if (n === 0) return [];
  const rows = await searchPageQuery(db, shape).execute(values);
  return rows.map(toSummary);
}
