import { describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, createApiClient, REFRESH_PATH } from './create-api-client.ts';
import {
  accessToken,
  fakeFetch,
  json,
  MemoryStorage,
  NOW_MS,
  type RecordedCall,
  refreshToken,
  storageWith,
} from './fake-server.test-support.ts';
import { INVALID_REFRESH_TOKEN, SessionError } from './session-error.ts';
import { ApiError, STORAGE_KEYS } from './types.ts';

const FRESH = accessToken('fresh', 300);
const EXPIRED = accessToken('expired', -5);
const NEW_ACCESS = accessToken('new', 300);
const REFRESH = refreshToken('r1');
const NEW_REFRESH = refreshToken('r2');

/** A client (a browser tab) on `storage`, talking to `server`, at NOW_MS. */
function clientOn(
  storage: MemoryStorage,
  server: ReturnType<typeof fakeFetch>,
  extra: Pick<ApiClientOptions, 'exclusive'> = {},
) {
  const onSessionExpired = vi.fn();
  const api = createApiClient({
    baseUrl: 'http://api.test',
    storage,
    getTimezone: () => 'America/New_York',
    onSessionExpired,
    fetchImpl: server.fetchImpl,
    now: () => NOW_MS,
    ...extra,
  });
  return { api, onSessionExpired };
}

function setup(storage: MemoryStorage, handler: (call: RecordedCall) => Response | Promise<Response>) {
  const server = fakeFetch(handler);
  const { api, onSessionExpired } = clientOn(storage, server);
  const refreshCalls = () => server.calls.filter((call) => call.url.endsWith(REFRESH_PATH));
  const apiCalls = () => server.calls.filter((call) => !call.url.endsWith(REFRESH_PATH));
  return { api, server, onSessionExpired, refreshCalls, apiCalls };
}

/** A server that accepts only NEW_ACCESS (or FRESH) and rotates REFRESH into NEW_REFRESH. */
const rotatingServer = (accepted: string[]) => (call: RecordedCall) => {
  if (call.url.endsWith(REFRESH_PATH)) {
    const { refresh } = call.body as { refresh: string };
    return refresh === REFRESH
      ? json(200, { access: NEW_ACCESS, refresh: NEW_REFRESH })
      : json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
  }
  const bearer = call.headers.authorization?.replace('Bearer ', '');
  return bearer && accepted.includes(bearer)
    ? json(200, { ok: true, bearer })
    : json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
};

describe('createApiClient: headers', () => {
  it('sends the bearer and the timezone', async () => {
    const { api, server } = setup(storageWith(FRESH, REFRESH), () => json(200, { ok: true }));
    await expect(api.get('/v1/auth/users/me')).resolves.toEqual({ ok: true });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.url).toBe('http://api.test/v1/auth/users/me');
    expect(server.calls[0]?.headers.authorization).toBe(`Bearer ${FRESH}`);
    expect(server.calls[0]?.headers['x-timezone']).toBe('America/New_York');
  });

  it('sends no bearer on anonymous calls, even when signed out', async () => {
    const { api, server } = setup(new MemoryStorage(), () => json(200, { access: 'a', refresh: 'r' }));
    await api.post('/v1/auth/login', { email: 'a@b.c', password: 'x' }, { anonymous: true });
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
    expect(server.calls[0]?.headers['x-timezone']).toBe('America/New_York');
    expect(server.calls[0]?.headers['content-type']).toBe('application/json');
    expect(server.calls[0]?.body).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('drops the all-entities and all-clients filters from the query', async () => {
    const { api, server } = setup(storageWith(FRESH, REFRESH), () => json(200, {}));
    await api.get('/v1/billing/clients/c1/bills', {
      query: { entity: 'all-entities', client: 'all-clients', status: 'paid', page: 2 },
    });
    expect(server.calls[0]?.url).toBe('http://api.test/v1/billing/clients/c1/bills?status=paid&page=2');
  });

  it('returns undefined for an empty answer', async () => {
    const { api } = setup(storageWith(FRESH, REFRESH), () => new Response(null, { status: 204 }));
    await expect(api.delete('/v1/x')).resolves.toBeUndefined();
  });
});

describe('createApiClient: refresh before the call', () => {
  it('does not refresh a token that is still valid', async () => {
    const { api, refreshCalls } = setup(storageWith(FRESH, REFRESH), rotatingServer([FRESH]));
    await api.get('/v1/x');
    expect(refreshCalls()).toHaveLength(0);
  });

  it('refreshes a token that expires within 10 seconds and stores both rotated tokens', async () => {
    const storage = storageWith(accessToken('almost', 9), REFRESH);
    const { api, refreshCalls, apiCalls } = setup(storage, rotatingServer([NEW_ACCESS]));
    await api.get('/v1/x');
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.body).toEqual({ refresh: REFRESH });
    expect(refreshCalls()[0]?.headers.authorization).toBeUndefined();
    expect(apiCalls()[0]?.headers.authorization).toBe(`Bearer ${NEW_ACCESS}`);
    expect(storage.getItem(STORAGE_KEYS.access)).toBe(NEW_ACCESS);
    expect(storage.getItem(STORAGE_KEYS.refresh)).toBe(NEW_REFRESH);
  });

  it('shares one refresh between parallel calls with an expired token', async () => {
    const storage = storageWith(EXPIRED, REFRESH);
    const { api, refreshCalls, apiCalls, onSessionExpired } = setup(storage, rotatingServer([NEW_ACCESS]));
    const results = await Promise.all([
      api.get('/v1/a'),
      api.get('/v1/b'),
      api.post('/v1/c', {}),
      api.get('/v1/d'),
    ]);
    expect(results).toHaveLength(4);
    expect(refreshCalls()).toHaveLength(1);
    expect(apiCalls()).toHaveLength(4);
    for (const call of apiCalls()) expect(call.headers.authorization).toBe(`Bearer ${NEW_ACCESS}`);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes when only the refresh token is stored', async () => {
    const storage = storageWith(null, REFRESH);
    const { api, refreshCalls } = setup(storage, rotatingServer([NEW_ACCESS]));
    await api.get('/v1/x');
    expect(refreshCalls()).toHaveLength(1);
  });

  it("throws 'Invalid refresh token' without calling the server when the refresh token is missing", async () => {
    const { api, server } = setup(storageWith(EXPIRED, null), rotatingServer([]));
    await expect(api.get('/v1/x')).rejects.toThrow(INVALID_REFRESH_TOKEN);
    expect(server.calls).toHaveLength(0);
  });

  it('ends the session without a call when the refresh token itself has expired', async () => {
    const storage = storageWith(EXPIRED, refreshToken('old', -1));
    storage.setItem(STORAGE_KEYS.organizationGuid, 'org-1');
    const { api, server, onSessionExpired } = setup(storage, rotatingServer([]));
    await expect(api.get('/v1/x')).rejects.toBeInstanceOf(SessionError);
    expect(server.calls).toHaveLength(0);
    expect(storage.values.size).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('createApiClient: 401', () => {
  it('refreshes and retries the call once', async () => {
    // The server already revoked FRESH although its exp is in the future.
    const storage = storageWith(FRESH, REFRESH);
    const { api, refreshCalls, apiCalls } = setup(storage, rotatingServer([NEW_ACCESS]));
    await expect(api.get('/v1/x')).resolves.toEqual({ ok: true, bearer: NEW_ACCESS });
    expect(refreshCalls()).toHaveLength(1);
    expect(apiCalls().map((call) => call.headers.authorization)).toEqual([
      `Bearer ${FRESH}`,
      `Bearer ${NEW_ACCESS}`,
    ]);
  });

  it('does not retry a second time when the retry is refused too', async () => {
    const storage = storageWith(FRESH, REFRESH);
    const { api, refreshCalls, apiCalls, onSessionExpired } = setup(storage, rotatingServer([]));
    const error = await api.get('/v1/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(apiCalls()).toHaveLength(2);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between parallel calls refused with 401', async () => {
    const storage = storageWith(FRESH, REFRESH);
    const { api, refreshCalls, apiCalls } = setup(storage, rotatingServer([NEW_ACCESS]));
    await Promise.all([api.get('/v1/a'), api.get('/v1/b'), api.get('/v1/c')]);
    expect(refreshCalls()).toHaveLength(1);
    expect(apiCalls()).toHaveLength(6);
  });

  it('does not retry anonymous calls', async () => {
    const { api, server } = setup(new MemoryStorage(), () => json(401, { code: 'invalid_credentials' }));
    await expect(api.post('/v1/auth/login', {}, { anonymous: true })).rejects.toBeInstanceOf(ApiError);
    expect(server.calls).toHaveLength(1);
  });
});

/** A promise and the function that settles it, so a test decides when each answer arrives. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createApiClient: 401s around a slow refresh', () => {
  // The server has revoked FRESH (its exp is still ahead on the client's clock), so every call sent with
  // it is refused. Refresh tokens are single-use: REFRESH works once, and a second use of it is refused
  // (the server treats reuse as theft), which would sign the user out.
  it('refreshes once for 401s that arrive before and after the refresh, and signs no one out', async () => {
    const refreshAnswer = deferred<Response>();
    const refusals = new Map<string, ReturnType<typeof deferred<Response>>>();
    let refreshes = 0;
    const storage = storageWith(FRESH, REFRESH);
    const { api, server, onSessionExpired, refreshCalls } = setup(storage, (call) => {
      if (call.url.endsWith(REFRESH_PATH)) {
        refreshes++;
        const { refresh } = call.body as { refresh: string };
        if (refresh !== REFRESH || refreshes > 1) return json(401, { code: 'token_not_valid' });
        return refreshAnswer.promise;
      }
      const bearer = call.headers.authorization?.replace('Bearer ', '');
      if (bearer === NEW_ACCESS) return json(200, { ok: true, path: new URL(call.url).pathname });
      const refusal = deferred<Response>();
      refusals.set(new URL(call.url).pathname, refusal);
      return refusal.promise;
    });
    const refuse = (path: string) =>
      refusals.get(path)?.resolve(json(401, { detail: 'Token revoked', code: 'token_not_valid' }));
    const sentWith = (token: string) =>
      server.calls
        .filter((call) => call.headers.authorization === `Bearer ${token}`)
        .map((call) => new URL(call.url).pathname);

    const paths = ['/v1/a', '/v1/b', '/v1/c', '/v1/d'];
    const answers = paths.map((path) => api.get(path));
    await vi.waitFor(() => expect(refusals.size).toBe(4));

    // a's 401 starts the refresh, which is slow; b's 401 arrives while it is under way.
    refuse('/v1/a');
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    refuse('/v1/b');
    refreshAnswer.resolve(json(200, { access: NEW_ACCESS, refresh: NEW_REFRESH }));
    await vi.waitFor(() => expect(sentWith(NEW_ACCESS)).toEqual(expect.arrayContaining(['/v1/a', '/v1/b'])));

    // c's and d's 401s (sent with the old token) arrive after the refresh finished; a call starts too.
    refuse('/v1/c');
    refuse('/v1/d');
    const later = api.get('/v1/e');

    await expect(Promise.all([...answers, later])).resolves.toHaveLength(5);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.refresh)).toBe(NEW_REFRESH);
    expect(sentWith(NEW_ACCESS).sort()).toEqual(['/v1/a', '/v1/b', '/v1/c', '/v1/d', '/v1/e']);
  });
});

describe('createApiClient: two tabs on one storage', () => {
  // Browser tabs share localStorage. The server's refresh tokens are single-use: REFRESH works once.
  const singleUseServer = () => {
    const used = new Set<string>();
    return fakeFetch((call) => {
      if (call.url.endsWith(REFRESH_PATH)) {
        const { refresh } = call.body as { refresh: string };
        if (refresh !== REFRESH || used.has(refresh))
          return json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
        used.add(refresh);
        return json(200, { access: NEW_ACCESS, refresh: NEW_REFRESH });
      }
      const bearer = call.headers.authorization?.replace('Bearer ', '');
      return bearer === NEW_ACCESS ? json(200, { ok: true }) : json(401, { code: 'token_not_valid' });
    });
  };
  /** A lock every tab shares, as Web Locks' navigator.locks.request is for one origin. */
  const sharedLock = () => {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(run: () => Promise<T>): Promise<T> => {
      const turn = tail.then(run);
      tail = turn.catch(() => {});
      return turn;
    };
  };
  it('refreshes once when both tabs find the token expiring at the same moment, and signs neither out', async () => {
    const storage = storageWith(EXPIRED, REFRESH);
    const server = singleUseServer();
    const lock = sharedLock();
    const first = clientOn(storage, server, { exclusive: lock });
    const second = clientOn(storage, server, { exclusive: lock });
    await expect(Promise.all([first.api.get('/v1/a'), second.api.get('/v1/b')])).resolves.toHaveLength(2);
    expect(server.calls.filter((call) => call.url.endsWith(REFRESH_PATH))).toHaveLength(1);
    expect(first.onSessionExpired).not.toHaveBeenCalled();
    expect(second.onSessionExpired).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.refresh)).toBe(NEW_REFRESH);
  });

  it('without a shared lock, keeps the tokens of the tab whose refresh won instead of signing out', async () => {
    const storage = storageWith(EXPIRED, REFRESH);
    const server = singleUseServer();
    const first = clientOn(storage, server);
    const second = clientOn(storage, server);
    await expect(Promise.all([first.api.get('/v1/a'), second.api.get('/v1/b')])).resolves.toHaveLength(2);
    // Both presented REFRESH; the loser was refused but found the winner's tokens in storage.
    expect(server.calls.filter((call) => call.url.endsWith(REFRESH_PATH))).toHaveLength(2);
    expect(first.onSessionExpired).not.toHaveBeenCalled();
    expect(second.onSessionExpired).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.access)).toBe(NEW_ACCESS);
  });
});

describe('createApiClient: failed refresh', () => {
  it('clears storage and calls onSessionExpired once, even for parallel calls', async () => {
    const storage = storageWith(EXPIRED, refreshToken('blacklisted'));
    storage.setItem(STORAGE_KEYS.clientGuid, 'client-1');
    const { api, refreshCalls, apiCalls, onSessionExpired } = setup(storage, rotatingServer([NEW_ACCESS]));
    const outcomes = await Promise.allSettled([api.get('/v1/a'), api.get('/v1/b')]);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(refreshCalls()).toHaveLength(1);
    expect(apiCalls()).toHaveLength(0);
    expect(storage.values.size).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('clears storage when the refresh after a 401 fails', async () => {
    const storage = storageWith(FRESH, refreshToken('blacklisted'));
    const { api, onSessionExpired } = setup(storage, rotatingServer([]));
    await expect(api.get('/v1/x')).rejects.toBeInstanceOf(SessionError);
    expect(storage.values.size).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh call cannot reach the server', async () => {
    const storage = storageWith(EXPIRED, REFRESH);
    const { api, onSessionExpired } = setup(storage, () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/v1/x')).rejects.toThrow('Failed to fetch');
    expect(storage.getItem(STORAGE_KEYS.refresh)).toBe(REFRESH);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('createApiClient: errors', () => {
  it('throws ApiError with the parsed body, its code and the extracted message', async () => {
    const { api } = setup(storageWith(FRESH, REFRESH), () =>
      json(403, { detail: 'You must accept the terms.', code: 'must_accept_terms' }),
    );
    const error = (await api.get('/v1/accounts/clients').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.code).toBe('must_accept_terms');
    expect(error.body).toEqual({ detail: 'You must accept the terms.', code: 'must_accept_terms' });
    expect(error.message).toBe('You must accept the terms.');
  });

  it('uses the first field message of a validation error', async () => {
    const { api } = setup(storageWith(FRESH, REFRESH), () => json(400, { email: ['Enter a valid e-mail.'] }));
    await expect(api.post('/v1/x', {})).rejects.toThrow('Enter a valid e-mail.');
  });

  it('falls back for a non-JSON error page', async () => {
    const { api } = setup(
      storageWith(FRESH, REFRESH),
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(api.get('/v1/x')).rejects.toThrow(
      'Service temporarily unavailable. Please try again later.',
    );
  });
});
