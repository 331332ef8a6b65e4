import { createBrowserRouter, RouterContextProvider } from 'react-router';
import { type RoutePrefetch, routePrefetchContext } from './route-prefetch.ts';
import { appRoutes } from './route-table.tsx';

/** The app's router; its loaders start the current page's reads with `prefetch` (route-prefetch.ts). */
export function createAppRouter(prefetch: RoutePrefetch) {
  return createBrowserRouter(appRoutes, {
    getContext: () => new RouterContextProvider(new Map([[routePrefetchContext, prefetch]])),
  });
}
