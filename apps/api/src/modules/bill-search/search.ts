import type { AdvancedSearchQuery, BillSummary } from '@bp/contracts';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { invalid, ValidationError } from '../../platform/domain-errors.ts';
import { type PageWindow, parseOrdering } from '../../platform/pagination.ts';
import { escapeLike } from '../../platform/search.ts';
import { billLineList, billList, toSummary } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { type BillScope, scopeConditions } from './scope.ts';

/** The advanced search's filters, without paging and the tenant filters (those are the scope). */
export type SearchFilters = Partial<Omit<AdvancedSearchQuery, 'page' | 'page_size' | 'client' | 'entity'>>;

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

/** Any line's memo contains the term: EXISTS, so the planner may probe lines per bill or use the memo trigram index. */
function memoContains(db: DbOrTx, pattern: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(billLineList)
      .where(and(eq(billLineList.billId, billList.id), ilike(billLineList.memo, pattern))),
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
  if (memo) add(memoContains(db, memo));
  const search = containsPattern(filters.search);
  if (search) {
    add(
      or(
        ilike(billList.invoiceNumber, search),
        inArray(billList.vendorId, vendorsNamed(db, scope, search)),
        memoContains(db, search),
      ),
    );
  }
  return conditions;
}

/** ORDER BY of the asked ordering, then id in the same direction so pages never overlap. */
function orderBy(
  ordering: string | undefined,
  columns: {
    dueDate: SQL.Aliased | PgColumn;
    amount: SQL.Aliased | PgColumn;
    createdAt: SQL.Aliased | PgColumn;
    id: SQL.Aliased | PgColumn;
  },
) {
  const { field, desc: descending } = parseOrdering(ordering, SEARCH_ORDERING, DEFAULT_ORDERING);
  const column = { due_date: columns.dueDate, amount: columns.amount, created_on: columns.createdAt }[field];
  const direction = descending ? desc : asc;
  return [direction(column), direction(columns.id)];
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
 * One page of matching bills. The page is cut from `bills` alone (its indexes give the order and the
 * offset), and only then are the page's rows joined to their client, entity and vendor names.
 */
export function searchPageQuery(db: DbOrTx, scope: BillScope, filters: SearchFilters, window: PageWindow) {
  const page = db.$with('page').as(
    db
      .select(pageColumns)
      .from(billList)
      .where(and(...searchConditions(db, scope, filters)))
      .orderBy(...orderBy(filters.ordering, billList))
      .limit(window.limit)
      .offset(window.offset),
  );
  return db
    .with(page)
    .select({
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
    .orderBy(...orderBy(filters.ordering, page));
}

/** How many bills match: the same conditions as the page. */
export function searchCountQuery(db: DbOrTx, scope: BillScope, filters: SearchFilters) {
  return db
    .select({ n: count() })
    .from(billList)
    .where(and(...searchConditions(db, scope, filters)));
}

export async function searchBills(
  db: DbOrTx,
  scope: BillScope,
  filters: SearchFilters,
  window: PageWindow,
): Promise<{ count: number; results: BillSummary[] }> {
  const [total] = await searchCountQuery(db, scope, filters);
  const n = total?.n ?? 0;
  // Past the last page there is nothing to fetch.
  const rows = window.offset < n ? await searchPageQuery(db, scope, filters, window) : [];
  return { count: n, results: rows.map(toSummary) };
}

/** Every matching bill, in the search's order, for a file export; 400 when more than {@link EXPORT_MAX_ROWS}. */
export async function exportBills(
  db: DbOrTx,
  scope: BillScope,
  filters: SearchFilters,
  maxRows = EXPORT_MAX_ROWS,
): Promise<BillSummary[]> {
  const [total] = await searchCountQuery(db, scope, filters);
  const n = total?.n ?? 0;
  if (n > maxRows) {
    throw invalid(
      'non_field_errors',
      `This search matches ${n.toLocaleString('en-US')} bills; an export holds at most ${maxRows.toLocaleString('en-US')}. Narrow the search and try again.`,
    );
  }
  if (n === 0) return [];
  const rows = await searchPageQuery(db, scope, filters, { limit: maxRows, offset: 0 });
  return rows.map(toSummary);
}
