import { type KeyValueStorage, STORAGE_KEYS } from './types.ts';

/** An unsigned JWT: the client never verifies signatures, it only reads the payload. */
export function makeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const nowSeconds = NOW_MS / 1000;

export const accessToken = (label: string, expiresInSeconds: number) =>
  makeJwt({ sub: '5b1c8f8e-8f0e-4a53-9a9f-1f2a3b4c5d6e', exp: nowSeconds + expiresInSeconds, label });
export const refreshToken = (label: string, expiresInSeconds = 86_400) =>
  makeJwt({ exp: nowSeconds + expiresInSeconds, label, token_type: 'refresh' });

export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  clear() {
    this.values.clear();
  }
}

export function storageWith(access: string | null, refresh: string | null): MemoryStorage {
  const storage = new MemoryStorage();
  if (access) storage.setItem(STORAGE_KEYS.access, access);
  if (refresh) storage.setItem(STORAGE_KEYS.refresh, refresh);
  return storage;
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that records every call and answers from a handler. */
export function fakeFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const rawBody = init?.body;
    const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : (rawBody ?? undefined);
    const call: RecordedCall = { method: init?.method ?? 'GET', url: String(input), headers, body };
    calls.push(call);
    // Yield so concurrent callers really overlap, as they would over a network.
    await new Promise((resolve) => setTimeout(resolve, 1));
    return handler(call);
  };
  return { calls, fetchImpl: fetchImpl as typeof fetch };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
