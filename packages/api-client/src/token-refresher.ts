import { isTokenExpiring, tokenExpiry } from './jwt.ts';
import { INVALID_REFRESH_TOKEN, REFRESH_TOKEN_EXPIRED, SessionError } from './session-error.ts';
import { type KeyValueStorage, STORAGE_KEYS } from './types.ts';

/** An access token this close to its `exp` is refreshed before use, so it cannot expire in flight. */
export const ACCESS_REFRESH_MARGIN_MS = 10_000;

export interface TokenRefresherOptions {
  /** POSTs `{refresh}` to the refresh endpoint without a bearer. */
  postRefresh(refresh: string): Promise<Response>;
  storage: KeyValueStorage;
  onSessionExpired: () => void;
  now: () => number;
  /**
   * Runs a refresh while holding a lock that every client on the same storage shares: in a browser, the
   * tabs of the origin (Web Locks), which share localStorage. Without it only this client's own calls
   * share one refresh, and a second tab refreshing at the same moment would present a token the first
   * had just used up, be refused and sign both out.
   */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
}

export interface TokenRefresher {
  /** The stored access token, refreshed first when it is missing, unreadable or about to expire. */
  freshAccess(): Promise<string>;
  /** Refreshes now. Callers that overlap share one refresh call (rotation makes a second one fail). */
  refresh(): Promise<string>;
}

export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { storage } = options;
  let inFlight: Promise<string> | null = null;

  const expire = (message: string): never => {
    storage.clear();
    options.onSessionExpired();
    throw new SessionError(message);
  };

  /**
   * The access token another client on the same storage stored after rotating `usedRefresh` away, if
   * it did and that token is still good: then this client's refresh is not needed (or was refused only
   * because the other got there first).
   */
  const rotatedElsewhere = (usedRefresh: string | null): string | null => {
    if (storage.getItem(STORAGE_KEYS.refresh) === usedRefresh) return null;
    const access = storage.getItem(STORAGE_KEYS.access);
    return access && !isTokenExpiring(access, options.now(), ACCESS_REFRESH_MARGIN_MS) ? access : null;
  };

  const doRefresh = async (): Promise<string> => {
    const known = storage.getItem(STORAGE_KEYS.refresh);
    const exclusive = options.exclusive ?? ((run) => run());
    return exclusive(async () => {
      // Waiting for the lock, another tab may have refreshed already.
      const theirs = rotatedElsewhere(known);
      if (theirs) return theirs;
      const refresh = storage.getItem(STORAGE_KEYS.refresh);
      if (!refresh) throw new SessionError(INVALID_REFRESH_TOKEN);
      const exp = tokenExpiry(refresh);
      // An opaque refresh token (no exp) is left for the server to judge.
      if (exp !== null && exp * 1000 <= options.now()) return expire(REFRESH_TOKEN_EXPIRED);
      return postRefresh(refresh);
    });
  };

  const postRefresh = async (refresh: string): Promise<string> => {
    // A network failure is not proof the session is gone: it propagates without signing the user out.
    const response = await options.postRefresh(refresh);
    // Refused because a client outside the lock rotated the same token first: keep its tokens.
    if (!response.ok) return rotatedElsewhere(refresh) ?? expire(REFRESH_TOKEN_EXPIRED);
    const body = (await response.json().catch(() => null)) as { access?: unknown; refresh?: unknown } | null;
    if (!body || typeof body.access !== 'string' || !body.access) return expire(REFRESH_TOKEN_EXPIRED);
    storage.setItem(STORAGE_KEYS.access, body.access);
    // Rotation: the old refresh token is now blacklisted server-side, so keep the new one.
    if (typeof body.refresh === 'string' && body.refresh) storage.setItem(STORAGE_KEYS.refresh, body.refresh);
    return body.access;
  };

  const refresh = (): Promise<string> => {
    if (!inFlight) {
      inFlight = doRefresh().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };

  const freshAccess = async (): Promise<string> => {
    if (inFlight) return inFlight;
    const access = storage.getItem(STORAGE_KEYS.access);
    if (access && !isTokenExpiring(access, options.now(), ACCESS_REFRESH_MARGIN_MS)) return access;
    return refresh();
  };

  return { freshAccess, refresh };
}
