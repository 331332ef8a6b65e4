import { createCall, type DownloadedFile } from './call-route.ts';
import { extractErrorMessage } from './error-message.ts';
import { isTokenExpiring } from './jwt.ts';
import {
  ACCESS_REFRESH_MARGIN_MS,
  createTokenRefresher,
  type TokenRefresherOptions,
} from './token-refresher.ts';
import {
  type ApiClient,
  ApiError,
  type HttpMethod,
  type KeyValueStorage,
  type RequestOptions,
  STORAGE_KEYS,
} from './types.ts';
import { buildUrl } from './url.ts';

export const REFRESH_PATH = '/v1/auth/token/refresh';

export interface ApiClientOptions {
  /** Origin (or '' for same-origin) the `/v1/...` paths are appended to. */
  baseUrl: string;
  storage: KeyValueStorage;
  /** IANA zone name sent as `X-Timezone`, read on every call so a changed zone is picked up. */
  getTimezone: () => string;
  /** Called after the session was found dead and storage cleared; the app sends the user to sign in. */
  onSessionExpired: () => void;
  fetchImpl?: typeof fetch;
  /** Clock in milliseconds, injectable for tests. */
  now?: () => number;
  /**
   * Checks every JSON answer of `call` against its route's declared schema and throws a
   * `ResponseValidationError` naming the route and field on a mismatch. The web app turns it on in
   * development and tests (`import.meta.env.DEV`); production skips the cost.
   */
  validateResponses?: boolean;
  /** Holds a lock shared by every client on `storage` around a token refresh (see TokenRefresherOptions). */
  exclusive?: TokenRefresherOptions['exclusive'];
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { storage } = options;
  // Bound so a bare `window.fetch` reference is not called with the wrong `this`.
  const fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  const baseHeaders = (): Record<string, string> => ({
    Accept: 'application/json',
    'X-Timezone': options.getTimezone(),
  });

  const refresher = createTokenRefresher({
    storage,
    now,
    onSessionExpired: options.onSessionExpired,
    ...(options.exclusive ? { exclusive: options.exclusive } : {}),
    postRefresh: (refresh) =>
      fetchImpl(buildUrl(options.baseUrl, REFRESH_PATH), {
        method: 'POST',
        headers: { ...baseHeaders(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      }),
  });

  const send = (method: HttpMethod, path: string, opts: RequestOptions, access: string | null) => {
    const headers: Record<string, string> = { ...baseHeaders(), ...opts.headers };
    let body: RequestInit['body'];
    if (opts.formData) {
      // The browser sets the multipart boundary itself.
      body = opts.formData;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    if (access) headers.Authorization = `Bearer ${access}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = body;
    if (opts.signal) init.signal = opts.signal;
    return fetchImpl(buildUrl(options.baseUrl, path, opts.query), init);
  };

  /** After a 401: reuse a token another call already refreshed, else refresh (shared with others). */
  const accessAfter401 = (usedAccess: string): Promise<string> => {
    const current = storage.getItem(STORAGE_KEYS.access);
    if (current && current !== usedAccess && !isTokenExpiring(current, now(), ACCESS_REFRESH_MARGIN_MS)) {
      return Promise.resolve(current);
    }
    return refresher.refresh();
  };

  const request = async <T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> => {
    let response: Response;
    if (opts.anonymous) {
      response = await send(method, path, opts, null);
    } else {
      const access = await refresher.freshAccess();
      response = await send(method, path, opts, access);
      if (response.status === 401) {
        // Exactly one retry: a second 401 is a real refusal, not a stale token.
        response = await send(method, path, opts, await accessAfter401(access));
      }
    }
    return readResponse<T>(response, opts.responseType);
  };

  return {
    call: createCall(request, { validateResponses: options.validateResponses ?? false }),
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

async function readResponse<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (responseType === 'file' && response.ok) {
    const file: DownloadedFile = {
      blob: await response.blob(),
      disposition: response.headers.get('content-disposition'),
    };
    return file as T;
  }
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  let parsed: unknown = null;
  if (text && isJson) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    // Non-JSON error pages (a proxy's HTML 502) are not shown to users: the fallback text is.
    throw new ApiError(response.status, parsed, extractErrorMessage(parsed));
  }
  if (!text) return undefined as T;
  return (isJson ? parsed : text) as T;
}
