import { type ApiClient, decodeClaims, type KeyValueStorage, STORAGE_KEYS } from '@bp/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import { userKindOf } from '../session/user-kind.ts';
import { prefetchBill, prefetchBillingQueue } from './route-reads.ts';

/**
 * Route loaders that start a page's reads as soon as its url is known (issue 12: Lighthouse's largest
 * contentful paint). They run when the router is created (main.tsx), in parallel with the route's lazily
 * loaded chunks and the session's own reads, instead of after them. They only fill the query cache, with
 * the same queries (keys and reads) as the page's hooks, which then find the answer there or under way;
 * they never wait for it, show anything or decide anything: the route guard, the page's loading and
 * error states and the API's access rules stay as they were. A 401 goes through the API client's
 * refresh like any call. The user and the selected organisation or client are the ones in storage;
 * should the session choose otherwise, the page asks for its own and the early answer goes unused.
 */

/** What the loaders read with: the app's query cache, API client and storage. */
export interface RoutePrefetch {
  queryClient: QueryClient;
  api: ApiClient;
  storage: KeyValueStorage;
}

/** Given to the loaders by the router (router.ts); without it (tests' memory routers) nothing is prefetched. */
export const routePrefetchContext = createContext<RoutePrefetch | null>(null);

/** A loader that runs `start` for a signed-in user of `kind`, and resolves at once. */
function prefetching(
  kind: 'org' | 'client',
  start: (prefetch: RoutePrefetch, args: LoaderFunctionArgs) => void,
): LoaderFunction {
  return (args) => {
    const prefetch = args.context.get(routePrefetchContext);
    if (prefetch && userKindOf(decodeClaims(prefetch.storage.getItem(STORAGE_KEYS.access))) === kind) {
      start(prefetch, args);
    }
    return null;
  };
}

// The reads themselves (route-reads.ts) are in the entry chunk: as a chunk of their own they were
// requested after the route's many chunks, on the browser's six connections, and started late.

/** /billing/:queue: the queue's page of bills and the counts of every queue. */
export const billingQueueLoader = prefetching('org', (prefetch, { params, request }) => {
  const search = new URL(request.url).searchParams;
  void prefetchBillingQueue(prefetch, params.queue, search);
});

/** /clients/:clientGuid/:userType/bill/:billGuid: the bill. */
export const staffBillLoader = prefetching('org', (prefetch, { params }) => {
  const { clientGuid, billGuid } = params;
  if (clientGuid && billGuid) void prefetchBill(prefetch, clientGuid, billGuid);
});

/** /bill/:billGuid, on the client selected in storage: the bill. */
export const clientBillLoader = prefetching('client', (prefetch, { params }) => {
  const clientGuid = prefetch.storage.getItem(STORAGE_KEYS.clientGuid);
  const { billGuid } = params;
  if (clientGuid && billGuid) void prefetchBill(prefetch, clientGuid, billGuid);
});
