import { z } from 'zod';
import { COUNT_CAP, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.ts';

/** `{detail, code}`: every non-validation error (DESIGN.md §4). */
export const errorBody = z.object({ detail: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** `400 {field: ["message"]}`: validation errors, one list of messages per field. */
export const validationErrorBody = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

export const guid = z.uuid();

export { COUNT_CAP, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** `?page=1&page_size=10&ordering=-created_on&search=` */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ordering: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * Lists paged by key (docs/decisions/021-keyset-paging.md): `cursor` is the opaque value the `next` and
 * `previous` links carry; without it `page` is an offset (direct jumps, old links). A cursor is only
 * a position in the ordering it was made for: the tenant and the filters still come from the request.
 */
export const keysetPageQuery = pageQuery.extend({
  cursor: z.string().max(2048, 'This page link is not valid. Go back to the first page.').optional(),
});
export type KeysetPageQuery = z.infer<typeof keysetPageQuery>;

/** `{count, next, previous, results}` */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paged<T> = {
  count: number;
  /** True when `count` is a lower bound: the list holds more than COUNT_CAP rows (keyset-paged lists). */
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
};

/**
 * `{count, count_capped, next, previous, results}` of the keyset-paged lists: `count` is exact up to
 * COUNT_CAP; above it `count` is COUNT_CAP and `count_capped` is true. The API always sends the flag;
 * it is optional so a reader of the plain paged shape stays valid.
 */
export function keysetPaged<T extends z.ZodType>(item: T) {
  return paged(item).extend({ count_capped: z.boolean().optional() });
}

export const okBody = z.object({ detail: z.string() });

/** A route that takes no query: an unknown parameter is a 400, not silently ignored. */
export const noQuery = z.object({}).strict();
