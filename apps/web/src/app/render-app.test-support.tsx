import { STORAGE_KEYS } from '@bp/api-client';
import type { TokenPair } from '@bp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterContextProvider, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { jwt, MemoryStorage, type ScriptedApi, scriptedApi } from '../session/fake-api.test-support.ts';
import { SessionProvider } from '../session/session-provider.tsx';
import { USER_GUID } from '../session/test-fixtures.ts';
import { createQueryClient } from './query-client.ts';
import { routePrefetchContext } from './route-prefetch.ts';
import { appRoutes } from './route-table.tsx';

afterEach(() => cleanup());

export const tokensFor = (claims: Record<string, unknown>): TokenPair => ({
  access: jwt({ sub: USER_GUID, exp: 4_000_000_000, staff: null, password_expired: false, ...claims }),
  refresh: `refresh-${Math.random()}`,
});

export function storageWithTokens(tokens?: TokenPair): MemoryStorage {
  const storage = new MemoryStorage();
  if (tokens) {
    storage.setItem(STORAGE_KEYS.access, tokens.access);
    storage.setItem(STORAGE_KEYS.refresh, tokens.refresh);
  }
  return storage;
}

/** The real route table, guard and session over a scripted API, in a memory router. */
export function renderApp(
  url: string,
  options: { storage?: MemoryStorage; server?: ScriptedApi; prefetch?: boolean } = {},
) {
  const storage = options.storage ?? new MemoryStorage();
  const server = options.server ?? scriptedApi();
  // The app's cache settings (what counts as fresh), without retries.
  const defaults = createQueryClient().getDefaultOptions();
  const queryClient = new QueryClient({
    defaultOptions: { ...defaults, queries: { ...defaults.queries, retry: false } },
  });
  // With `prefetch`, the route loaders start the page's reads, as main.tsx's router does.
  const prefetch = { queryClient, api: server.api, storage };
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [url],
    ...(options.prefetch
      ? { getContext: () => new RouterContextProvider(new Map([[routePrefetchContext, prefetch]])) }
      : {}),
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider storage={storage} createApi={() => server.api} retryDelayMs={0}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...result, router, storage, server, location, queryClient };
}
