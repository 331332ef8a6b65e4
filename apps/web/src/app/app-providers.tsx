import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Session, SessionProvider } from '../session/session-provider.tsx';

/**
 * Providers that live above the router: server-data cache, then the session (which clears it). Both
 * are built before React (main.tsx), so that the route loaders can start a page's reads with them.
 */
export function AppProviders({
  queryClient,
  session,
  children,
}: {
  queryClient: QueryClient;
  session: Session;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider session={session}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
