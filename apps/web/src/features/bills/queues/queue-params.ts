/**
 * The queue page's state in the URL: /billing/{queue}?client=&entity=&ordering=&page=&cursor= (page is
 * 1-based; cursor is the API link's, followed from the previous page: shared/cursor-paging.ts).
 */
import { BILL_ORDERING, DEFAULT_PAGE_SIZE } from '@bp/contracts';
import { ALL_CLIENTS, ALL_ENTITIES, BILLING_QUEUE_VALUES, type BillingQueue } from '@bp/domain';
import { readClientEntityPage, writeClientEntity, writePage } from '../../shared/client-entity-params.ts';
import { CURSOR_PARAM } from '../../shared/cursor-paging.ts';

export const DEFAULT_ORDERING = 'due_date';

export type BillOrderingField = (typeof BILL_ORDERING)[number];

export interface QueueParams {
  client: string;
  entity: string;
  ordering: string;
  page: number;
  /** Where the page continues from (the API's cursor); none on page 1 and after any other change. */
  cursor?: string | undefined;
}

export function isBillingQueue(value: string | undefined): value is BillingQueue {
  return (BILLING_QUEUE_VALUES as readonly string[]).includes(value ?? '');
}

function isOrdering(value: string): boolean {
  return (BILL_ORDERING as readonly string[]).includes(value.replace(/^-/, ''));
}

export function readQueueParams(search: URLSearchParams): QueueParams {
  const { client, entity, page } = readClientEntityPage(search);
  const ordering = search.get('ordering') ?? '';
  const cursor = page > 1 ? (search.get(CURSOR_PARAM) ?? undefined) : undefined;
  return { client, entity, ordering: isOrdering(ordering) ? ordering : DEFAULT_ORDERING, page, cursor };
}

/** The client and entity filters of the lists and counts (undefined: all). */
export function queueFilters(params: QueueParams): { client?: string; entity?: string } {
  return {
    ...(params.client === ALL_CLIENTS ? {} : { client: params.client }),
    ...(params.entity === ALL_ENTITIES ? {} : { entity: params.entity }),
  };
}

/** The query of the queue's page of bills (the screen's and the route loader's, so they share one read). */
export function queueListParams(queue: BillingQueue, params: QueueParams) {
  return {
    queue,
    ...queueFilters(params),
    ordering: params.ordering,
    page: params.page,
    cursor: params.cursor,
    page_size: DEFAULT_PAGE_SIZE,
  };
}

/** The search string of `params`, leaving defaults out so URLs stay short. */
export function queueSearch(params: QueueParams): string {
  const search = new URLSearchParams();
  writeClientEntity(search, params);
  if (params.ordering !== DEFAULT_ORDERING) search.set('ordering', params.ordering);
  writePage(search, params.page);
  if (params.page > 1 && params.cursor) search.set(CURSOR_PARAM, params.cursor);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Queues whose bills can still be approved or rejected (not paid, not rejected). */
export const BULK_QUEUES: readonly BillingQueue[] = BILLING_QUEUE_VALUES.filter(
  (queue) => queue !== 'paid' && queue !== 'rejected',
);

/** What each queue holds, for its empty state. */
export const QUEUE_EMPTY_TEXT: Record<BillingQueue, string> = {
  'pre-bill-inbox': 'Draft bills saved for later appear here until they are submitted for approval.',
  'client-approval': 'Bills waiting for a client or designee to approve them appear here.',
  'verbal-approval': 'Bills waiting for a recorded phone approval to be confirmed appear here.',
  'payment-pending': 'Approved bills waiting to be paid appear here.',
  'org-approval': "Bills waiting for your organization's review appear here.",
  'poa-approval': 'Bills paid under power of attorney waiting for POA approval appear here.',
  paid: 'Paid bills appear here.',
  rejected: 'Rejected bills appear here.',
};

/** Splits `items` into runs of `size` (the bulk endpoint takes the bills in chunks). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
