/**
 * A scripted API over `fetch` for the component tests: the app's whole client path runs (api-client's
 * bearer, refresh and retry, the contracts' response checks), answering what each test scripts. The
 * API's own behaviour is tested against the real database in apps/api; this checks what the app sends
 * and shows.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Handler = (request: RecordedRequest) => { status?: number; body?: unknown } | undefined;

export interface FakeApi {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Answers `METHOD /path` with this body (`:name` matches one path segment); the newest script wins. */
  on(method: string, path: string, body: unknown): FakeApi;
  /** Answers `METHOD /path` by a function of the request. */
  handle(method: string, path: string, handler: Handler): FakeApi;
  to(method: string, path: string): RecordedRequest[];
}

export function fakeApi(): FakeApi {
  const routes: { method: string; pattern: RegExp; handler: Handler }[] = [];
  const requests: RecordedRequest[] = [];
  const patternOf = (path: string) => new RegExp(`^${path.replace(/:[a-z_]+/gi, '[^/]+')}$`);
  const api: FakeApi = {
    requests,
    on: (method, path, body) => api.handle(method, path, () => ({ body })),
    handle(method, path, handler) {
      routes.unshift({ method, pattern: patternOf(path), handler });
      return api;
    },
    to: (method, path) => requests.filter((r) => r.method === method && patternOf(path).test(r.path)),
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const request: RecordedRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        authorization: headers.get('authorization'),
      };
      requests.push(request);
      const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
      if (!route) throw new Error(`unscripted ${method} ${url.pathname}`);
      const answer = route.handler(request) ?? {};
      const status = answer.status ?? (answer.body === undefined ? 204 : 200);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
  return api;
}

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** An unsigned JWT with the claims the app reads (it never verifies; the server does). */
export function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.sig`;
}
