import { type ApiClient, ApiError, createCall, type HttpMethod, type RequestOptions } from '@bp/api-client';
import type { AccessClaims, UserProfile } from '@bp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, type RenderResult, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { type SessionApi, SessionContext } from '../session/session-context.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
// MUI screens render slowly in jsdom and CI machines are shared: give waits room so tests do not flake.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** userEvent without the per-keystroke timer: typing long passwords into MUI fields stays fast. */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, ...options });
}

export interface ApiCall {
  method: HttpMethod;
  path: string;
  body: unknown;
  options: RequestOptions | undefined;
}

type Responder = (call: ApiCall) => unknown;

/** A scripted stand-in for the typed API client: every call is recorded, unscripted calls fail loudly. */
export interface FakeApi {
  api: ApiClient;
  calls: ApiCall[];
  /** Answers `method path` with a value, or with what the function returns or throws. */
  reply(method: HttpMethod, path: string, answer: unknown): FakeApi;
  /** Answers `method path` with an ApiError of that status and body. */
  fail(method: HttpMethod, path: string, status: number, body: unknown): FakeApi;
  callsTo(method: HttpMethod, path: string): ApiCall[];
}

export function createFakeApi(): FakeApi {
  const responders = new Map<string, Responder>();
  const calls: ApiCall[] = [];

  async function request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T> {
    const call: ApiCall = { method, path, body: options?.body, options };
    calls.push(call);
    const responder = responders.get(`${method} ${path}`);
    if (!responder) throw new Error(`No scripted answer for ${method} ${path}`);
    return (await responder(call)) as T;
  }

  const api: ApiClient = {
    request,
    // Scripted answers are checked against the routes' declarations, as the real client does in tests.
    call: createCall(request, { validateResponses: true }),
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };

  const fake: FakeApi = {
    api,
    calls,
    reply(method, path, answer) {
      responders.set(
        `${method} ${path}`,
        typeof answer === 'function' ? (answer as Responder) : () => answer,
      );
      return fake;
    },
    fail(method, path, status, body) {
      responders.set(`${method} ${path}`, () => {
        throw new ApiError(status, body, `HTTP ${status}`);
      });
      return fake;
    },
    callsTo(method, path) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
  return fake;
}

export const TEST_USER_GUID = '6f1c7a52-3a0e-4c57-9a51-2f8d4c1e9b10';

export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    guid: TEST_USER_GUID,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar: null,
    type: 'bporg',
    staff: 'member',
    service: null,
    advisor_dashboard_enabled: false,
    foa_dashboard_enabled: false,
    mfa_required: false,
    mfa_enabled: false,
    accepted_terms: true,
    password_expired: false,
    features: [],
    ...overrides,
  };
}

export function testClaims(overrides: Partial<AccessClaims> = {}): AccessClaims {
  return {
    sub: TEST_USER_GUID,
    exp: Math.floor(Date.now() / 1000) + 3600,
    staff: 'member',
    type: 'bporg',
    password_expired: false,
    masked_by: null,
    ...overrides,
  };
}

/** A session whose actions are spies that resolve; override any member per test. */
export function createFakeSession(api: ApiClient, overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    api,
    claims: null,
    profile: null,
    organization: null,
    client: null,
    isMasked: false,
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    selectOrganization: vi.fn(),
    organizationUpdated: vi.fn(),
    selectClient: vi.fn(),
    mask: vi.fn(async () => {}),
    unmask: vi.fn(async () => {}),
    refreshProfile: vi.fn(async () => {}),
    renewClaims: vi.fn(async () => {}),
    endOtherSessions: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Shows where the page navigated to, so tests can assert redirects like a user would see them. */
function LocationProbe() {
  const location = useLocation();
  const state = location.state === null || location.state === undefined ? '' : JSON.stringify(location.state);
  return (
    <div data-testid="location" data-state={state}>
      {location.pathname}
      {location.search}
    </div>
  );
}

export interface RenderPageOptions {
  /** The URL the page is opened at, e.g. '/create-account?token=abc'. */
  route?: string;
  /** Router state of the first entry (what `navigate(to, {state})` would have passed). */
  state?: unknown;
  /** Route pattern the page is mounted on; defaults to the route's path. Other paths show the probe. */
  path?: string;
  api?: FakeApi;
  session?: Partial<SessionApi>;
}

export interface RenderedPage extends RenderResult {
  api: FakeApi;
  session: SessionApi;
  queryClient: QueryClient;
}

export function renderPage(page: ReactElement, options: RenderPageOptions = {}): RenderedPage {
  const [pathname = '/', query] = (options.route ?? '/').split('?');
  const path = options.path ?? pathname;
  const entry = { pathname, search: query ? `?${query}` : '', state: options.state ?? null };
  const api = options.api ?? createFakeApi();
  const session = createFakeSession(api.api, options.session);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...result, api, session, queryClient };
}
