import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.ts';
import { createSession } from './session/session-provider.tsx';

// Issue 12: the first page's reads start here, before React renders anything. The session reads the
// profile (and the organisations or clients) from the stored tokens, and creating the router runs the
// matched route's loader, which starts the page's own reads (route-prefetch.ts), all in parallel with
// the route's lazily loaded chunks.
const queryClient = createQueryClient();
const session = createSession({ queryClient });
void session.store.start();
const router = createAppRouter({ queryClient, api: session.api, storage: session.storage });
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
