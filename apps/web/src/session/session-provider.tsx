import { type ApiClient, createApiClient, type KeyValueStorage } from '@bp/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type SessionApi, SessionContext } from './session-context.ts';
import { type SessionState, SessionStateContext } from './session-state-context.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

export interface SessionProviderProps {
  children: ReactNode;
  /** Defaults to the browser's localStorage. */
  storage?: KeyValueStorage;
  /** Builds the API client; tests pass a fake. It must call onSessionExpired when the session dies. */
  createApi?: (storage: KeyValueStorage, onSessionExpired: () => void) => ApiClient;
  /** Pause between client-list tries (tests pass 0). */
  retryDelayMs?: number;
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
  });
}

/** Implements `SessionApi` (session-context.ts) over the session store and gives the shell its state. */
export function SessionProvider({
  children,
  storage,
  createApi = defaultCreateApi,
  retryDelayMs,
}: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [{ store, api, resolvedStorage }] = useState(() => {
    const resolved = storage ?? window.localStorage;
    // The client reports a dead session to the store, which does not exist yet when the client is built.
    let created: SessionStore | null = null;
    const client = createApi(resolved, () => created?.expire());
    created = createSessionStore({
      api: client,
      storage: resolved,
      onContextChanged: () => queryClient.clear(),
      ...(retryDelayMs === undefined ? {} : { retryDelayMs }),
    });
    return { store: created, api: client, resolvedStorage: resolved };
  });
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    void store.start();
  }, [store]);

  const session = useMemo<SessionApi>(
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
    <SessionContext.Provider value={session}>
      <SessionStateContext.Provider value={state}>{children}</SessionStateContext.Provider>
    </SessionContext.Provider>
  );
}
