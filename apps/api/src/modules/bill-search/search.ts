import { type AdvancedSearchQuery, type BillSummary, COUNT_CAP, type KeysetPageQuery } from '@bp/contracts';
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
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { invalid, ValidationError } from '../../platform/domain-errors.ts';
import {
  cappedCount,
  cappedCountColumn,
  countOfPage,
  type KeyKind,
  type KeysetOrdering,
  type KeysetWindow,
  keysetSlice,
  keysetWindow,
  keyText,
} from '../../platform/keyset.ts';
import { parseOrdering } from '../../platform/pagination.ts';
import { escapeLike } from '../../platform/search.ts';
import { billLineList, billList, toSummary } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { type BillScope, scopeConditions } from './scope.ts';

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

const containsPattern = (term: string | undefined) => {
  const trimmed = term?.trim();
  return trimmed ? `%${escapeLike(trimmed)}%` : undefined;
};

/**
 * Ids of the scope's vendors whose name contains the term. Vendors belong to entities, so the
 * subquery is bounded by the tenant (entity, client or organisation) before the name is compared.
 */
function vendorsNamed(db: DbOrTx, scope: BillScope, pattern: string) {
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
function memoContains(db: DbOrTx, scope: BillScope, pattern: string) {
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
export function searchConditions(db: DbOrTx, scope: BillScope, filters: SearchFilters): SQL[] {
  const conditions = scopeConditions(scope);
  const add = (condition: SQL | undefined) => {
    if (condition) conditions.push(condition);
  };
  if (filters.status && filters.status.length > 0) {
    add(
      filters.status.length === 1
        ? eq(billList.status, filters.status[0] as (typeof filters.status)[number])
        : inArray(billList.status, filters.status),
    );
  }
  if (filters.amount_min !== undefined) add(gte(billList.amount, filters.amount_min));
  if (filters.amount_max !== undefined) add(lte(billList.amount, filters.amount_max));
  const ranges: [PgColumn, string | undefined, string | undefined][] = [
    [billList.dueDate, filters.due_date_from, filters.due_date_to],
    [billList.invoiceDate, filters.invoice_date_from, filters.invoice_date_to],
    [billList.paidDate, filters.paid_date_from, filters.paid_date_to],
  ];
  for (const [column, from, to] of ranges) {
    if (from) add(gte(column, from));
    if (to) add(lte(column, to));
  }
  const vendor = containsPattern(filters.vendor);
  if (vendor) add(inArray(billList.vendorId, vendorsNamed(db, scope, vendor)));
  const invoiceNumber = containsPattern(filters.invoice_number);
  if (invoiceNumber) add(ilike(billList.invoiceNumber, invoiceNumber));
  const memo = containsPattern(filters.memo);
  if (memo) add(memoContains(db, scope, memo));
  const search = containsPattern(filters.search);
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
function orderBy(ordering: string | undefined, columns: OrderColumns, backwards: boolean) {
  const order = orderingOver(ordering, columns);
  const direction = order.desc !== backwards ? desc : asc;
  return [direction(order.key), direction(order.id)];
}

/** Which rows a page query reads: the cursor's seek (or an offset) and how many. */
export type SearchWindow = Pick<KeysetWindow, 'seek' | 'limit' | 'offset' | 'backwards'>;

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
 * One page of matching bills. The page is cut from `bills` alone (its indexes give the order and the
 * cursor's seek), and only then are the page's rows joined to their client, entity and vendor names.
 */
export function searchPageQuery(
  db: DbOrTx,
  scope: BillScope,
  filters: SearchFilters,
  window: SearchWindow,
  options: { withCount?: boolean } = {},
) {
  const page = db.$with('page').as(
    db
      .select({ ...pageColumns, sortKey: keyText(searchOrdering(filters.ordering)).as('sort_key') })
      .from(billList)
      .where(and(...searchConditions(db, scope, filters), window.seek))
      .orderBy(...orderBy(filters.ordering, billList, window.backwards))
      .limit(window.limit)
      .offset(window.offset),
  );
  return db
    .with(page)
    .select({
      id: page.id,
      sortKey: page.sortKey,
      // The search's count, capped, as a column of the page: one statement (issue 12 item 3).
      total: options.withCount
        ? cappedCountColumn(searchMatching(db, scope, filters))
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
    .orderBy(...orderBy(filters.ordering, page, window.backwards));
}

/**
 * How many bills match, counting no further than `upTo` rows (the same conditions as the page): a
 * count past the cap says only "more", and costs the same however many more there are.
 */
export function searchCountQuery(db: DbOrTx, scope: BillScope, filters: SearchFilters, upTo = COUNT_CAP + 1) {
  return db.select({ n: count() }).from(searchMatching(db, scope, filters, upTo).as('matching'));
}

/** The matching rows the count counts, up to `upTo`. */
function searchMatching(db: DbOrTx, scope: BillScope, filters: SearchFilters, upTo = COUNT_CAP + 1) {
  return db
    .select({ one: sql`1` })
    .from(billList)
    .where(and(...searchConditions(db, scope, filters)))
    .limit(upTo);
}

/** One page of the search by cursor (or offset), with its count capped at COUNT_CAP. */
export async function searchBills(
  db: DbOrTx,
  scope: BillScope,
  filters: SearchFilters,
  query: KeysetPageQuery,
) {
  const ordering = searchOrdering(filters.ordering);
  const window = keysetWindow(query, ordering);
  const fetched = await searchPageQuery(db, scope, filters, window, { withCount: true });
  const total = await countOfPage(fetched, window, async () => {
    const [alone] = await searchCountQuery(db, scope, filters);
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
  // Counted only up to one past the limit: whether the search fits is all the export needs to know.
  const [total] = await searchCountQuery(db, scope, filters, maxRows + 1);
  const n = total?.n ?? 0;
  if (n > maxRows) {
    throw invalid(
      'non_field_errors',
      `This search matches more than ${maxRows.toLocaleString('en-US')} bills, the most an export holds. Narrow the search and try again.`,
    );
  }
  if (n === 0) return [];
  const rows = await searchPageQuery(db, scope, filters, {
    seek: undefined,
    limit: maxRows,
    offset: 0,
    backwards: false,
  });
  return rows.map(toSummary);
}
