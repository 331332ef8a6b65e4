import { COUNT_CAP, type KeysetPageQuery, type Paged } from '@bp/contracts';
import { asc, type Column, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from './domain-errors.ts';

/**
 * Keyset paging (docs/decisions/021-keyset-paging.md). A list ordered by one key and then by id hands out
 * `next` / `previous` links carrying a cursor: the ordering it was made for, the sort key and id of the
 * row it continues from, and the direction. Following it seeks `(key, id) > (cursor key, cursor id)` in
 * the index the ordering uses, so page 600 costs what page 1 does, and a page begins exactly after the
 * row the previous page ended with however many rows arrive meanwhile. Without a cursor `page` is an
 * offset, for direct jumps and old links.
 *
 * The cursor is base64url JSON, not a secret: a forged one is only another position in the caller's own
 * list, since the tenant and filters always come from the request. Anything malformed is a 400 on
 * `cursor`, never a database error.
 */

/** How a sort key is written in a cursor and read back into SQL. */
export type KeyKind = 'date' | 'integer' | 'timestamp' | 'text';

export interface KeysetOrdering {
  /** The ordering as the API names it (`due_date`, `-amount`): a cursor only fits the one it was made for. */
  name: string;
  /** The sort key (a column or an expression of the query's FROM). */
  key: SQL | Column;
  kind: KeyKind;
  /** The tie-breaker, ordered in the same direction as the key (unique, never null). */
  id: Column;
  desc: boolean;
}

export interface Cursor {
  key: string | number;
  id: number;
  /** True for a `previous` link: the rows before this one. */
  before: boolean;
}

const INVALID = 'This page link is not valid. Go back to the first page.';
const OTHER_ORDERING = 'This page link was made for another sort order. Go back to the first page.';
const MAX_TEXT_KEY = 1000;

const invalidCursor = (message = INVALID) => new ValidationError({ cursor: [message] });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})$/;

/** A real calendar day and time (no 2026-02-30), checked by a round trip through Date in UTC. */
function validDateParts(parts: string[], withTime: boolean): boolean {
  const [y, mo, d, h = '0', mi = '0', s = '0'] = parts.map((p) => p);
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) return false;
  const iso = date.toISOString();
  const expected = `${y}-${mo}-${d}${withTime ? `T${h}:${mi}:${s}` : ''}`;
  return iso.startsWith(expected);
}

function validKey(kind: KeyKind, key: unknown): key is string | number {
  switch (kind) {
    case 'integer':
      return typeof key === 'number' && Number.isSafeInteger(key);
    case 'date': {
      const match = typeof key === 'string' ? DATE.exec(key) : null;
      return match !== null && validDateParts(match.slice(1), false);
    }
    case 'timestamp': {
      const match = typeof key === 'string' ? TIMESTAMP.exec(key) : null;
      return match !== null && validDateParts(match.slice(1, 7), true);
    }
    case 'text':
      // PostgreSQL text cannot hold NUL; refuse it here rather than fail in the database.
      return typeof key === 'string' && key.length <= MAX_TEXT_KEY && !key.includes('\u0000');
  }
}

export function encodeCursor(ordering: KeysetOrdering, cursor: Cursor): string {
  const body: Record<string, unknown> = { o: ordering.name, k: cursor.key, i: cursor.id };
  if (cursor.before) body.b = 1;
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The cursor of `text` for `ordering`; a 400 on `cursor` when it is malformed or made for another ordering. */
export function decodeCursor(text: string, ordering: KeysetOrdering): Cursor {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidCursor();
  const { o, k, i, b, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof o !== 'string') throw invalidCursor();
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1) throw invalidCursor();
  if (b !== undefined && b !== 1) throw invalidCursor();
  if (o !== ordering.name) throw invalidCursor(OTHER_ORDERING);
  if (!validKey(ordering.kind, k)) throw invalidCursor();
  return { key: k, id: i, before: b === 1 };
}

/** The sort key of a row as the cursor writes it: selected with the page so it is exact (microseconds). */
export function keyText(ordering: Pick<KeysetOrdering, 'key' | 'kind'>): SQL<string> {
  const key = ordering.key;
  switch (ordering.kind) {
    case 'date':
      return sql<string>`to_char(${key}, 'YYYY-MM-DD')`;
    case 'timestamp':
      return sql<string>`to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    case 'integer':
      return sql<string>`(${key})::text`;
    case 'text':
      return sql<string>`(${key})::text`;
  }
}

function keyValue(kind: KeyKind, key: SQLWrapper): SQL {
  switch (kind) {
    case 'date':
      return sql`${key}::date`;
    case 'timestamp':
      return sql`(${key}::timestamp at time zone 'UTC')`;
    case 'integer':
      return sql`${key}::bigint`;
    case 'text':
      return sql`${key}::text`;
  }
}

/** How a page is sought: from the start (or an offset), after a cursor's row or before it. */
export type SeekKind = 'start' | 'after' | 'before';

/**
 * What a page statement's text depends on besides its filters: the seek (the cursor as the placeholders
 * `cursor_key` and `cursor_id`) and the order, walked backwards before a cursor. The statement takes
 * `.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))`, and KeysetWindow.values fill all
 * four, so one statement per ordering and seek serves every page (platform/prepared.ts, preparedPerShape).
 */
export function keysetClauses(
  ordering: KeysetOrdering,
  seekKind: SeekKind,
): { seek: SQL | undefined; orderBy: SQL[] } {
  // A previous-page link walks the ordering backwards and the page is turned round afterwards.
  const descending = ordering.desc !== (seekKind === 'before');
  const direction = descending ? desc : asc;
  const key = keyValue(ordering.kind, sql.placeholder('cursor_key'));
  const id = sql.placeholder('cursor_id');
  const seek =
    seekKind === 'start'
      ? undefined
      : descending
        ? sql`(${ordering.key}, ${ordering.id}) < (${key}, ${id})`
        : sql`(${ordering.key}, ${ordering.id}) > (${key}, ${id})`;
  return { seek, orderBy: [direction(ordering.key), direction(ordering.id)] };
}

/** What one page asks of the database: how it is sought, and the values of keysetClauses' statement. */
export interface KeysetWindow {
  cursor: Cursor | null;
  seekKind: SeekKind;
  /** Walking the ordering backwards (a previous-page link): the rows come last first. */
  backwards: boolean;
  /** page_size + 1: the extra row tells whether another page follows, without counting. */
  limit: number;
  offset: number;
  /** The statement's paging placeholders: `cursor_key`, `cursor_id` (null from the start), `limit`, `offset`. */
  values: { cursor_key: string | number | null; cursor_id: number | null; limit: number; offset: number };
}

export function keysetWindow(query: KeysetPageQuery, ordering: KeysetOrdering): KeysetWindow {
  const cursor = query.cursor ? decodeCursor(query.cursor, ordering) : null;
  const limit = query.page_size + 1;
  const offset = cursor ? 0 : (query.page - 1) * query.page_size;
  return {
    cursor,
    seekKind: cursor === null ? 'start' : cursor.before ? 'before' : 'after',
    backwards: cursor?.before === true,
    limit,
    offset,
    values: { cursor_key: cursor?.key ?? null, cursor_id: cursor?.id ?? null, limit, offset },
  };
}

/** A row's position as the page query selected it. */
export interface RowKey {
  sortKey: string;
  id: number;
}

/** The page's rows in display order, and whether rows lie beyond either end. */
export interface KeysetSlice<R> {
  rows: R[];
  hasNext: boolean;
  hasPrevious: boolean;
}

export function keysetSlice<R>(fetched: R[], window: KeysetWindow, query: KeysetPageQuery): KeysetSlice<R> {
  const size = query.page_size;
  const more = fetched.length > size;
  const rows = fetched.slice(0, size);
  if (window.cursor?.before) {
    // Walked backwards: the extra row says a page lies before; the cursor's row follows this page.
    return { rows: rows.reverse(), hasNext: true, hasPrevious: more };
  }
  return { rows, hasNext: more, hasPrevious: window.cursor !== null || query.page > 1 };
}

/**
 * The list's count as a column of its page query (issue 12 item 3: a list page is one statement):
 * `matching` selects the list's rows without the cursor's seek, limited to COUNT_CAP + 1; PostgreSQL runs
 * the uncorrelated subquery once per statement (an InitPlan) and every row of the page carries it.
 */
export function cappedCountColumn(matching: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*) from ${matching} as counted)`.mapWith(Number);
}

/**
 * The count a page's rows carry (cappedCountColumn); an empty page says nothing, so past the start
 * (an offset or a cursor) it is counted apart (`countAlone`), and at the start it is 0.
 */
export async function countOfPage(
  rows: readonly { total: number }[],
  window: Pick<KeysetWindow, 'seekKind' | 'offset'>,
  countAlone: () => Promise<number>,
): Promise<number> {
  const first = rows[0];
  if (first) return first.total;
  if (window.offset === 0 && window.seekKind === 'start') return 0;
  return countAlone();
}

/** `{count, count_capped}` from a count taken up to COUNT_CAP + 1 rows. */
export function cappedCount(counted: number): { count: number; capped: boolean } {
  return counted > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: counted, capped: false };
}

/**
 * `{count, count_capped, next, previous, results}`: links relative to the API origin, keeping the
 * request's filters, with `page` (for the pager's "11–20") and a cursor from the page's first or last row.
 * The link back to page 1 carries no cursor: page 1 is always the list's true start.
 */
export function keysetPageOf<R extends RowKey, T>(
  request: FastifyRequest,
  query: KeysetPageQuery,
  ordering: KeysetOrdering,
  counted: { count: number; capped: boolean },
  slice: KeysetSlice<R>,
  results: T[],
): Paged<T> & { count_capped: boolean } {
  const link = (page: number, cursor: Cursor | null) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(query.page_size));
    if (cursor) url.searchParams.set('cursor', encodeCursor(ordering, cursor));
    else url.searchParams.delete('cursor');
    return `${url.pathname}${url.search}`;
  };
  const cursorAt = (row: R | undefined, before: boolean): Cursor | null =>
    row ? { key: ordering.kind === 'integer' ? Number(row.sortKey) : row.sortKey, id: row.id, before } : null;
  const first = slice.rows[0];
  const last = slice.rows.at(-1);
  const lastPage = Math.max(1, Math.ceil(counted.count / query.page_size));
  let previous: string | null = null;
  if (slice.hasPrevious && query.page > 1) {
    const page = query.page - 1;
    if (page === 1) previous = link(1, null);
    else if (first) previous = link(page, cursorAt(first, true));
    // Past the end of the list there is no row to go back from: the last page by offset.
    else previous = link(counted.capped ? page : Math.min(page, lastPage), null);
  }
  const next = slice.hasNext && last ? link(query.page + 1, cursorAt(last, false)) : null;
  return { count: counted.count, count_capped: counted.capped, next, previous, results };
}
