import {
  type ApiClient,
  ApiError,
  decodeClaims,
  type KeyValueStorage,
  pathOf,
  SessionError,
  STORAGE_KEYS,
} from '@bp/api-client';
import {
  authRoutes,
  type ClientSummary,
  clientsRoutes,
  MAX_PAGE_SIZE,
  type Organization,
  organizationsRoutes,
  type TokenPair,
  usersRoutes,
} from '@bp/contracts';
import { CLIENT_LIST_MAX_RETRIES } from '@bp/domain';
import { errorMessageOf } from '../ui/error-message.ts';
import { homePathOf, postSignInPath } from './home.ts';
import { LOGIN_PATH, NO_CLIENT_LOGIN_PATH } from './paths.ts';
import { chooseClient, chooseOrganization } from './selection.ts';
import { type SessionSnapshot, SIGNED_OUT } from './session-snapshot.ts';
import {
  readMaskOriginal,
  readTokens,
  restoreSelection,
  saveClient,
  saveMaskOriginal,
  saveOrganization,
  takeRedirectUrl,
  takeReturnPath,
  takeSelection,
  writeTokens,
} from './session-storage.ts';
import { clientModeOf, mustChangePassword, userKindOf } from './user-kind.ts';

/** The signed-in user's own profile: `/users/{guid}` with the guid `me`. */
const ME = { guid: 'me' } as const;

/** The paths the session calls, built from their declarations (tests script answers by path). */
export const PATHS = {
  me: pathOf(usersRoutes.getAuthUser, ME),
  organizations: organizationsRoutes.getAccountsOrganizations.path,
  clients: clientsRoutes.getAccountsClients.path,
  blacklist: authRoutes.postAuthTokenBlacklist.path,
  renewClaims: authRoutes.postAuthTokenRenewClaims.path,
  mask: authRoutes.postAuthMask.path,
  endOtherSessions: authRoutes.postAuthSessionsEndOthers.path,
} as const;

/** SPEC.md §5: the client list is tried up to 3 times, never again after must_accept_terms. */
export const CLIENT_LIST_TRIES = CLIENT_LIST_MAX_RETRIES;

export interface SessionStoreOptions {
  api: ApiClient;
  storage: KeyValueStorage;
  /** The user or what they work on changed: cached server data belongs to someone else now. */
  onContextChanged?: () => void;
  /** Pause between client-list tries; 0 in tests. */
  retryDelayMs?: number;
}

/**
 * The session outside React: loads the signed-in user's profile and selection, applies the selection
 * rules and keeps storage in step. Navigation is only requested (pendingNavigation); the route guard
 * performs it, so a redirect rule never races an action's own navigation.
 */
export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Loads the session from stored tokens, once. */
  start(): Promise<void>;
  /** Loads again after a failure. */
  retry(): Promise<void>;
  signIn(tokens: TokenPair): Promise<void>;
  signOut(): Promise<void>;
  /** The API client found the session dead (storage already cleared). */
  expire(): void;
  /** The account has no client: clear storage and show the login page with error=no_client. */
  endWithoutClient(): void;
  selectOrganization(organization: Organization): void;
  /** An organisation was edited (a rename in Org Settings): its stored name and the lists follow, no navigation. */
  organizationUpdated(organization: Pick<Organization, 'guid' | 'name' | 'client_property_default'>): void;
  /** Saves the client and goes to `to`, else the remembered path or home. */
  selectClient(client: ClientSummary, to?: string): void;
  mask(userGuid: string): Promise<void>;
  unmask(): Promise<void>;
  refreshProfile(): Promise<void>;
  renewClaims(): Promise<void>;
  /** Ends every other session of the user (decision 016); this one goes on with the fresh tokens. */
  endOtherSessions(): Promise<void>;
  /** The guard reached pendingNavigation. */
  navigationDone(): void;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { api, storage } = options;
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot = hasTokens() ? { ...SIGNED_OUT, status: 'loading' } : SIGNED_OUT;
  // Bumped by every action that replaces the session, so a slower earlier load cannot overwrite it.
  let generation = 0;
  let started = false;

  function hasTokens(): boolean {
    const tokens = readTokens(storage);
    return Boolean(tokens.access || tokens.refresh);
  }

  function commit(next: SessionSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  const contextChanged = () => options.onContextChanged?.();

  async function fetchClients(): Promise<ClientSummary[] | 'must_accept_terms'> {
    for (let attempt = 1; ; attempt++) {
      try {
        const page = await api.call(clientsRoutes.getAccountsClients, {
          query: { page: 1, page_size: MAX_PAGE_SIZE },
        });
        return page.results;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'must_accept_terms') return 'must_accept_terms';
        if (error instanceof SessionError || attempt >= CLIENT_LIST_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 400) * attempt));
      }
    }
  }

  const fetchOrganizations = () =>
    api.call(organizationsRoutes.getAccountsOrganizations, { query: { page: 1, page_size: MAX_PAGE_SIZE } });

  /** Starts a request now and keeps its failure for whoever awaits it (none, when it turns out unneeded). */
  function early<T>(request: () => Promise<T>): Promise<T> {
    const promise = request();
    promise.catch(() => undefined);
    return promise;
  }

  /**
   * Reads who the user is and what they work on; saves automatic selections. Commits nothing. The
   * organisations (staff) or clients (client users) are asked for together with the profile when the
   * stored token already says which the user is (issue 12: one round trip less before the first page).
   */
  async function load(): Promise<SessionSnapshot> {
    const stored = decodeClaims(storage.getItem(STORAGE_KEYS.access));
    const storedKind = userKindOf(stored);
    const organizationsEarly = storedKind === 'org' ? early(fetchOrganizations) : null;
    const clientsEarly = storedKind === 'client' ? early(fetchClients) : null;

    const profile = await api.call(usersRoutes.getAuthUser, { params: ME });
    // Decoded after the first call: that call may have refreshed the access token.
    const claims = decodeClaims(storage.getItem(STORAGE_KEYS.access));
    if (!claims) throw new SessionError('Invalid token');
    const mode = clientModeOf(profile);
    const base: SessionSnapshot = {
      ...SIGNED_OUT,
      status: 'ready',
      claims,
      profile,
      mode,
      isMasked: Boolean(claims.masked_by) || readMaskOriginal(storage) !== null,
    };
    // The API refuses everything but the password change until then; the guard holds the user there.
    if (mustChangePassword(claims)) return base;
    if (claims.type === 'bporg') {
      const page = await (organizationsEarly ?? fetchOrganizations());
      const choice = chooseOrganization(page.results, storage.getItem(STORAGE_KEYS.organizationGuid));
      if (choice.kind === 'selected') saveOrganization(storage, choice.organization);
      return {
        ...base,
        organizations: page.results,
        organization: choice.kind === 'selected' ? choice.organization : null,
        selection: choice.kind,
      };
    }
    const clients = await (clientsEarly ?? fetchClients());
    if (clients === 'must_accept_terms') return { ...base, selection: 'must_accept_terms' };
    const choice = chooseClient(clients, profile, storage.getItem(STORAGE_KEYS.clientGuid));
    if (choice.kind === 'selected') saveClient(storage, choice.client, mode);
    return {
      ...base,
      clients,
      client: choice.kind === 'selected' ? choice.client : null,
      selection: choice.kind,
    };
  }

  /** Loads and commits, unless another action replaced the session meanwhile. */
  async function reload(pendingFor?: (next: SessionSnapshot) => string | null): Promise<void> {
    const mine = ++generation;
    commit({ ...snapshot, status: 'loading', pendingNavigation: null });
    try {
      const next = await load();
      if (mine !== generation) return;
      commit({ ...next, pendingNavigation: pendingFor?.(next) ?? null });
    } catch (error) {
      if (mine !== generation) return;
      if (error instanceof SessionError) commit(SIGNED_OUT);
      else commit({ ...snapshot, status: 'failed', failure: errorMessageOf(error) });
    }
  }

  const blacklist = (refresh: string | undefined) =>
    refresh
      ? api
          .call(authRoutes.postAuthTokenBlacklist, { body: { refresh }, anonymous: true })
          .catch(() => undefined)
      : undefined;

  const store: SessionStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      if (started) return;
      started = true;
      if (hasTokens()) await reload();
    },

    retry: () => reload(),

    async signIn(tokens) {
      const mine = ++generation;
      // A fresh sign-in is never a mask session, whatever an earlier tab left behind.
      storage.removeItem(STORAGE_KEYS.maskOriginal);
      writeTokens(storage, tokens);
      let next: SessionSnapshot;
      try {
        // The current snapshot stays until the new one is complete, so the sign-in page stays put meanwhile.
        next = await load();
      } catch (error) {
        if (!(error instanceof SessionError)) {
          storage.removeItem(STORAGE_KEYS.access);
          storage.removeItem(STORAGE_KEYS.refresh);
        }
        throw error;
      }
      if (mine !== generation) return;
      contextChanged();
      commit({ ...next, pendingNavigation: postSignInPath(takeRedirectUrl(storage), homePathOf(next)) });
    },

    async signOut() {
      const { refresh } = readTokens(storage);
      const original = readMaskOriginal(storage);
      generation++;
      storage.clear();
      commit({ ...SIGNED_OUT, pendingNavigation: LOGIN_PATH });
      contextChanged();
      await Promise.all([blacklist(refresh), blacklist(original?.refresh)]);
    },

    expire() {
      generation++;
      commit(SIGNED_OUT);
      contextChanged();
    },

    endWithoutClient() {
      generation++;
      storage.clear();
      commit({ ...SIGNED_OUT, pendingNavigation: NO_CLIENT_LOGIN_PATH });
      contextChanged();
    },

    selectOrganization(organization) {
      saveOrganization(storage, organization);
      const next: SessionSnapshot = { ...snapshot, organization, selection: 'selected' };
      contextChanged();
      commit({ ...next, pendingNavigation: takeReturnPath(storage) ?? homePathOf(next) });
    },

    organizationUpdated(changed) {
      const update = (item: Organization): Organization =>
        item.guid === changed.guid
          ? { ...item, name: changed.name, client_property_default: changed.client_property_default }
          : item;
      const selected = snapshot.organization?.guid === changed.guid;
      if (!selected && !snapshot.organizations.some((item) => item.guid === changed.guid)) return;
      const organization = snapshot.organization ? update(snapshot.organization) : null;
      if (selected && organization) saveOrganization(storage, organization);
      commit({ ...snapshot, organization, organizations: snapshot.organizations.map(update) });
    },

    selectClient(picked, to) {
      const client: ClientSummary = snapshot.mode === 'family_office' ? { ...picked, role: 'exec' } : picked;
      saveClient(storage, client, snapshot.mode);
      const known = snapshot.clients.some((item) => item.guid === client.guid);
      const next: SessionSnapshot = {
        ...snapshot,
        client,
        clients: known ? snapshot.clients : [...snapshot.clients, picked],
        selection: 'selected',
      };
      contextChanged();
      commit({ ...next, pendingNavigation: to ?? takeReturnPath(storage) ?? homePathOf(next) });
    },

    async mask(userGuid) {
      const tokens = await api.call(authRoutes.postAuthMask, { body: { guid: userGuid } });
      const current = readTokens(storage);
      if (!current.access || !current.refresh) throw new SessionError('Invalid refresh token');
      saveMaskOriginal(storage, {
        access: current.access,
        refresh: current.refresh,
        selection: takeSelection(storage),
      });
      writeTokens(storage, tokens);
      storage.removeItem(STORAGE_KEYS.returnPath);
      contextChanged();
      await reload((next) => homePathOf(next));
    },

    async unmask() {
      const original = readMaskOriginal(storage);
      if (!original) return;
      const maskedRefresh = readTokens(storage).refresh;
      storage.removeItem(STORAGE_KEYS.maskOriginal);
      storage.removeItem(STORAGE_KEYS.returnPath);
      takeSelection(storage);
      restoreSelection(storage, original.selection ?? {});
      writeTokens(storage, original);
      contextChanged();
      void blacklist(maskedRefresh);
      await reload((next) => homePathOf(next));
    },

    async refreshProfile() {
      const profile = await api.call(usersRoutes.getAuthUser, { params: ME });
      commit({ ...snapshot, profile, mode: clientModeOf(profile) });
    },

    async renewClaims() {
      const { refresh } = readTokens(storage);
      if (!refresh) throw new SessionError('Invalid refresh token');
      const tokens = await api.call(authRoutes.postAuthTokenRenewClaims, { body: { refresh } });
      writeTokens(storage, tokens);
      const before = snapshot;
      await reload((next) => {
        // Leaving the terms or expired-password gate: on to where the user was going, else home.
        const leftTerms = before.selection === 'must_accept_terms' && next.selection !== 'must_accept_terms';
        if (leftTerms) return takeReturnPath(storage) ?? homePathOf(next);
        if (mustChangePassword(before.claims) && !mustChangePassword(next.claims)) return homePathOf(next);
        return null;
      });
    },

    async endOtherSessions() {
      const tokens = await api.call(authRoutes.postAuthSessionsEndOthers);
      // The old tokens were ended with the others: only the answer's tokens work from now on.
      writeTokens(storage, tokens);
      await reload(() => null);
    },

    navigationDone() {
      if (snapshot.pendingNavigation !== null) commit({ ...snapshot, pendingNavigation: null });
    },
  };
  return store;
}
