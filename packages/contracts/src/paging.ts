/**
 * Paging constants without the schemas that use them (common.ts): the web app's session reads
 * `MAX_PAGE_SIZE` on every page, and importing it from a module of zod schemas would put zod in the
 * sign-in page's first chunk (decision 039).
 */
import { DEFAULT_PAGE_SIZE } from '@bp/domain';

export { DEFAULT_PAGE_SIZE };
export const MAX_PAGE_SIZE = 100;

/** Counts above this are reported as `COUNT_CAP` with `count_capped: true` (the web shows "1,000+"). */
export const COUNT_CAP = 1000;
