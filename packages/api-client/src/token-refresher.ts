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

  const doRefresh = async (): Promise<string> => {
    const refresh = storage.getItem(STORAGE_KEYS.refresh);
    if (!refresh) throw new SessionError(INVALID_REFRESH_TOKEN);
    const exp = tokenExpiry(refresh);
    // An opaque refresh token (no exp) is left for the server to judge.
    if (exp !== null && exp * 1000 <= options.now()) return expire(REFRESH_TOKEN_EXPIRED);
    // A network failure is not proof the session is gone: it propagates without signing the user out.
    const response = await options.postRefresh(refresh);
    if (!response.ok) return expire(REFRESH_TOKEN_EXPIRED);
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
