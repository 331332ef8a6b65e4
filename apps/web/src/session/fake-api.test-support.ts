import {
  type ApiClient,
  ApiError,
  createCall,
  type HttpMethod,
  type KeyValueStorage,
  type RequestOptions,
} from '@bp/api-client';
import type { AccessClaims } from '@bp/contracts';

/** A scripted API for the session tests: answers by `METHOD path`, records every call. */
export interface ScriptedApi {
  api: ApiClient;
  calls: { method: HttpMethod; path: string; options: RequestOptions | undefined }[];
  on(method: HttpMethod, path: string, answer: (options: RequestOptions | undefined) => unknown): ScriptedApi;
  callsTo(method: HttpMethod, path: string): { options: RequestOptions | undefined }[];
}

export function scriptedApi(): ScriptedApi {
  const answers = new Map<string, (options: RequestOptions | undefined) => unknown>();
  const calls: ScriptedApi['calls'] = [];
  async function request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T> {
    calls.push({ method, path, options });
    const answer = answers.get(`${method} ${path}`);
    if (!answer) throw new Error(`unscripted ${method} ${path}`);
    return (await answer(options)) as T;
  }
  const scripted: ScriptedApi = {
    calls,
    api: {
      request,
      // Scripted answers are checked against the routes' declarations, as the real client does in tests.
      call: createCall(request, { validateResponses: true }),
      get: (path, options) => request('GET', path, options),
      post: (path, body, options) => request('POST', path, { ...options, body }),
      put: (path, body, options) => request('PUT', path, { ...options, body }),
      patch: (path, body, options) => request('PATCH', path, { ...options, body }),
      delete: (path, options) => request('DELETE', path, options),
    },
    on(method, path, answer) {
      answers.set(`${method} ${path}`, answer);
      return scripted;
    },
    callsTo: (method, path) => calls.filter((call) => call.method === method && call.path === path),
  };
  return scripted;
}

export const apiError = (status: number, body: unknown) => new ApiError(status, body, 'error');

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** An unsigned JWT carrying the claims; the app only decodes it. */
export function jwt(claims: Partial<AccessClaims> & Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.sig`;
}

export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
  clear = () => this.values.clear();
}
