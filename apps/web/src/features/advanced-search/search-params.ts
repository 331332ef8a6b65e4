import {
  BILL_STATUS_VALUES,
  type BillStatus,
  centsToDollarsPlain,
  filterValue,
  parseDollarsToCents,
  parseIsoDate,
  parseUsDate,
  toIsoDate,
  toUsDate,
} from '@bp/domain';
import { z } from 'zod';

/**
 * Advanced search keeps its filters in the url, in the API's own names and formats (cents, ISO dates,
 * `status` repeated), so a search can be bookmarked or shared and Back returns to the previous one.
 * The form shows dollars and MM/dd/yyyy dates; these functions convert between the three.
 */

export const DATE_RANGES = [
  { key: 'due_date', label: 'Due date' },
  { key: 'invoice_date', label: 'Invoice date' },
  { key: 'paid_date', label: 'Paid date' },
] as const;
type DateKey = `${(typeof DATE_RANGES)[number]['key']}_${'from' | 'to'}`;
const DATE_KEYS: readonly DateKey[] = DATE_RANGES.flatMap((range) => [
  `${range.key}_from` as DateKey,
  `${range.key}_to` as DateKey,
]);

const TEXT_KEYS = ['vendor', 'memo', 'invoice_number'] as const;

/** Url parameters that are not filters. */
export const PAGE_PARAM = 'page';
export const ORDERING_PARAM = 'ordering';
/** The chosen client's name, kept beside its guid so the picker can show it after a reload. */
export const CLIENT_NAME_PARAM = 'client_name';
export const DEFAULT_SEARCH_ORDERING = '-due_date';

export const DATE_MESSAGE = 'Enter a date as MM/dd/yyyy.';
export const DATE_ORDER_MESSAGE = 'The end date must not be before the start date.';
export const AMOUNT_MESSAGE = 'Enter an amount in dollars, e.g. 1,234.56.';
export const AMOUNT_ORDER_MESSAGE = 'The maximum must not be less than the minimum.';

const amountText = z
  .string()
  .trim()
  .refine((text) => {
    if (text === '') return true;
    const cents = parseDollarsToCents(text);
    return cents !== null && cents >= 0;
  }, AMOUNT_MESSAGE);
const dateText = z
  .string()
  .trim()
  .refine((text) => text === '' || parseUsDate(text) !== null, DATE_MESSAGE);

const isoOfUs = (text: string) => {
  const date = parseUsDate(text);
  return date ? toIsoDate(date) : null;
};

/** What the form holds: text as typed. `client` is a guid ('' = every client). */
export const searchForm = z
  .object({
    client: z.string(),
    client_name: z.string(),
    entity: z.string(),
    vendor: z.string().trim().max(200, 'Use at most 200 characters.'),
    amount_min: amountText,
    amount_max: amountText,
    due_date_from: dateText,
    due_date_to: dateText,
    invoice_date_from: dateText,
    invoice_date_to: dateText,
    paid_date_from: dateText,
    paid_date_to: dateText,
    status: z.array(z.enum(BILL_STATUS_VALUES)),
    memo: z.string().trim().max(200, 'Use at most 200 characters.'),
    invoice_number: z.string().trim().max(100, 'Use at most 100 characters.'),
  })
  .superRefine((values, ctx) => {
    const min = values.amount_min ? parseDollarsToCents(values.amount_min) : null;
    const max = values.amount_max ? parseDollarsToCents(values.amount_max) : null;
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: 'custom', path: ['amount_max'], message: AMOUNT_ORDER_MESSAGE });
    }
    for (const range of DATE_RANGES) {
      const from = isoOfUs(values[`${range.key}_from`]);
      const to = isoOfUs(values[`${range.key}_to`]);
      if (from && to && from > to) {
        ctx.addIssue({ code: 'custom', path: [`${range.key}_to`], message: DATE_ORDER_MESSAGE });
      }
    }
  });
export type SearchForm = z.infer<typeof searchForm>;

export const EMPTY_SEARCH_FORM: SearchForm = {
  client: '',
  client_name: '',
  entity: '',
  vendor: '',
  amount_min: '',
  amount_max: '',
  due_date_from: '',
  due_date_to: '',
  invoice_date_from: '',
  invoice_date_to: '',
  paid_date_from: '',
  paid_date_to: '',
  status: [],
  memo: '',
  invoice_number: '',
};

const isStatus = (value: string): value is BillStatus =>
  (BILL_STATUS_VALUES as readonly string[]).includes(value);

/** A checked form → url parameters (filters only; a new search starts on page 1, ordering kept). */
export function formToParams(values: SearchForm, ordering?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (values.client) {
    params.set('client', values.client);
    if (values.client_name) params.set(CLIENT_NAME_PARAM, values.client_name);
  }
  if (values.entity) params.set('entity', values.entity);
  for (const key of TEXT_KEYS) {
    const text = values[key].trim();
    if (text) params.set(key, text);
  }
  for (const key of ['amount_min', 'amount_max'] as const) {
    const cents = values[key].trim() ? parseDollarsToCents(values[key]) : null;
    if (cents !== null) params.set(key, String(cents));
  }
  for (const key of DATE_KEYS) {
    const iso = values[key].trim() ? isoOfUs(values[key]) : null;
    if (iso) params.set(key, iso);
  }
  for (const status of values.status) params.append('status', status);
  if (ordering) params.set(ORDERING_PARAM, ordering);
  return params;
}

/** Url parameters → the form's values (anything malformed in a hand-edited url is left blank). */
export function paramsToForm(params: URLSearchParams): SearchForm {
  const form: SearchForm = { ...EMPTY_SEARCH_FORM, status: [] };
  form.client = filterValue(params.get('client')) ?? '';
  form.client_name = form.client ? (params.get(CLIENT_NAME_PARAM) ?? '') : '';
  form.entity = filterValue(params.get('entity')) ?? '';
  for (const key of TEXT_KEYS) form[key] = params.get(key) ?? '';
  for (const key of ['amount_min', 'amount_max'] as const) {
    const cents = Number(params.get(key) ?? '');
    form[key] =
      params.get(key) && Number.isSafeInteger(cents) && cents >= 0 ? centsToDollarsPlain(cents) : '';
  }
  for (const key of DATE_KEYS) {
    const date = parseIsoDate(params.get(key) ?? '');
    form[key] = date ? toUsDate(date) : '';
  }
  form.status = params.getAll('status').filter(isStatus);
  return form;
}

export interface SearchRequest {
  /** Scalar filters, page, page_size and ordering, for the API client's `query`. */
  query: Record<string, string | number>;
  /** Statuses, sent as repeated `status` parameters (the API client repeats a list's key). */
  statuses: BillStatus[];
}

/** Url parameters → the API request (the url already holds API names and formats). */
export function paramsToRequest(params: URLSearchParams): SearchRequest {
  const form = paramsToForm(params);
  const clean = formToParams(form);
  const query: Record<string, string | number> = {};
  for (const [key, value] of clean) {
    if (key === 'status' || key === CLIENT_NAME_PARAM) continue;
    query[key] = key === 'amount_min' || key === 'amount_max' ? Number(value) : value;
  }
  query.ordering = params.get(ORDERING_PARAM) || DEFAULT_SEARCH_ORDERING;
  return { query, statuses: form.status };
}

/** The page (1-based) in the url. */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10) || 1);
}

/** True when the url holds at least one filter. */
export function hasFilters(params: URLSearchParams): boolean {
  const { query, statuses } = paramsToRequest(params);
  return statuses.length > 0 || Object.keys(query).some((key) => key !== 'ordering');
}
