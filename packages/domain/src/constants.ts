/**
 * Business constants and limits (SPEC §5, §9).
 */

/** Default `page_size` of lists. */
export const DEFAULT_PAGE_SIZE = 10;

/** Bills above this amount (10,000 dollars, in cents) need a third approval. */
export const THIRD_APPROVAL_THRESHOLD_CENTS = 1_000_000;

/** Digits in a two-factor code. */
export const MFA_CODE_LENGTH = 6;

/** How long a toast stays up, and where. */
export const TOAST_TIMEOUT_MS = 3000;
export const TOAST_POSITION = 'top-right';

/** Refetch interval of the entity list, when enabled. */
export const ENTITY_REFETCH_INTERVAL_MS = 60_000;

/** Layout breakpoints in pixels (minimum widths). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 1100, xl: 1381 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Primary brand colour (white-label themes may override it). */
export const PRIMARY_COLOR = '#2B388D';

/** Organisation client property default when unset. */
export const CLIENT_PROPERTY_DEFAULT = '0';

/** Years in the year list (the current year and the 49 before it). */
export const YEAR_LIST_LENGTH = 50;

/** Display format of dates (date-fns/Unicode tokens). */
export const DATE_FORMAT = 'MM/dd/yyyy';

/** The client list fetches page 1 only, retrying up to 3 times (never on must_accept_terms). */
export const CLIENT_LIST_PAGE = 1;
export const CLIENT_LIST_MAX_RETRIES = 3;

/** Filter values that mean "no filter" (SPEC §5). */
export const ALL_ENTITIES = 'all-entities';
export const ALL_CLIENTS = 'all-clients';

/** A filter value to apply: `undefined` for blank, 'all-entities' and 'all-clients' (no filter). */
export function filterValue(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return value === ALL_ENTITIES || value === ALL_CLIENTS ? undefined : value;
}
