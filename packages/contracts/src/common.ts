import { DEFAULT_PAGE_SIZE } from '@bp/domain';
import { z } from 'zod';

/** `{detail, code}`: every non-validation error (DESIGN.md §4). */
export const errorBody = z.object({ detail: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** `400 {field: ["message"]}`: validation errors, one list of messages per field. */
export const validationErrorBody = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

export const guid = z.uuid();

export { DEFAULT_PAGE_SIZE };
export const MAX_PAGE_SIZE = 100;

/** `?page=1&page_size=10&ordering=-created_on&search=` */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ordering: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `{count, next, previous, results}` */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const okBody = z.object({ detail: z.string() });

/** A route that takes no query: an unknown parameter is a 400, not silently ignored. */
export const noQuery = z.object({}).strict();
