import { type ApiClient, createApiClient, type KeyValueStorage } from '@bp/api-client';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { oneRefreshAcrossTabs } from './refresh-across-tabs.ts';
import { type SessionApi, SessionContext } from './session-context.ts';
import { type SessionState, SessionStateContext } from './session-state-context.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

export interface SessionProviderProps {
  children: ReactNode;
  /**
   * The session built before React (main.tsx: createSession), so that its reads and the route loaders'
   * start before the first render. Without it the provider builds one from the props below.
   */
  session?: Session;
  /** Defaults to the browser's localStorage. */
  storage?: KeyValueStorage;
  /** Builds the API client; tests pass a fake. It must call onSessionExpired when the session dies. */
  createApi?: (storage: KeyValueStorage, onSessionExpired: () => void) => ApiClient;
  /** Pause between client-list tries (tests pass 0). */
  retryDelayMs?: number;
}

/** The session's store, the API client it signs calls with, and where both keep the tokens. */
export interface Session {
  store: SessionStore;
  api: ApiClient;
  storage: KeyValueStorage;
}

export interface CreateSessionOptions {
  queryClient: QueryClient;
  storage?: KeyValueStorage | undefined;
  createApi?: ((storage: KeyValueStorage, onSessionExpired: () => void) => ApiClient) | undefined;
  retryDelayMs?: number | undefined;
}

/** Builds the API client and the session store over one storage; a context change clears `queryClient`. */
export function createSession({
  queryClient,
  storage,
  createApi = defaultCreateApi,
  retryDelayMs,
}: CreateSessionOptions): Session {
  const resolved = storage ?? window.localStorage;
  // The client reports a dead session to the store, which does not exist yet when the client is built.
  let created: SessionStore | null = null;
  const api = createApi(resolved, () => created?.expire());
  created = createSessionStore({
    api,
    storage: resolved,
    onContextChanged: () => queryClient.clear(),
    ...(retryDelayMs === undefined ? {} : { retryDelayMs }),
  });
  return { store: created, api, storage: resolved };
}

function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function defaultCreateApi(storage: KeyValueStorage, onSessionExpired: () => void): ApiClient {
  // Same origin: Vite proxies /v1 in development, the API serves the built app in production.
  return createApiClient({
    baseUrl: '',
    storage,
    getTimezone: browserTimezone,
    onSessionExpired,
    // Development and tests check every answer against its route's declaration; production skips it.
    validateResponses: import.meta.env.DEV,
    exclusive: oneRefreshAcrossTabs,
  });
}

/** Implements `SessionApi` (session-context.ts) over the session store and gives the shell its state. */
export function SessionProvider({
  children,
  session,
  storage,
  createApi,
  retryDelayMs,
}: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [{ store, api, storage: resolvedStorage }] = useState(
    () => session ?? createSession({ queryClient, storage, createApi, retryDelayMs }),
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    void store.start();
  }, [store]);

  const sessionApi = useMemo<SessionApi>(
    () => ({
      api,
      claims: snapshot.status === 'ready' ? snapshot.claims : null,
      profile: snapshot.profile,
      organization: snapshot.organization
        ? { guid: snapshot.organization.guid, name: snapshot.organization.name }
        : null,
      client: snapshot.client,
      isMasked: snapshot.isMasked,
      signIn: store.signIn,
      signOut: store.signOut,
      selectOrganization: store.selectOrganization,
      organizationUpdated: store.organizationUpdated,
      selectClient: store.selectClient,
      mask: store.mask,
      unmask: store.unmask,
      refreshProfile: store.refreshProfile,
      renewClaims: store.renewClaims,
      endOtherSessions: store.endOtherSessions,
    }),
    [api, store, snapshot],
  );
  const state = useMemo<SessionState>(
    () => ({ snapshot, store, storage: resolvedStorage }),
    [snapshot, store, resolvedStorage],
  );

  return (
    <SessionContext.Provider value={sessionApi}>
      <SessionStateContext.Provider value={state}>{children}</SessionStateContext.Provider>
    </SessionContext.Provider>
  );
}
