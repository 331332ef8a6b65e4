/**
 * The contract between the typed API client and the apps that use it.
 * The implementation lives beside this file; the web app and (later) the mobile app inject storage.
 */
import type { createCall } from './call-route.ts';

/** Keys of everything the session keeps in storage (SPEC.md §3 "Storage keys"). */
export const STORAGE_KEYS = {
  access: 'access_token',
  refresh: 'refresh_token',
  /** Original tokens of a staff member while masked, as JSON `{access, refresh}`. */
  maskOriginal: 'mask_original_tokens',
  organizationGuid: 'organization_guid',
  organizationName: 'organization_name',
  clientPropertyDefault: 'client_property_default',
  clientGuid: 'client_guid',
  clientName: 'client_name',
  clientRole: 'client_role',
  clientCreatedOn: 'client_created_on',
  clientOnboarding: 'client_onboarding',
  advisorMode: 'advisor_mode',
  familyOfficeMode: 'family_office_mode',
  redirectUrl: 'redirect_url',
  /** Where to go back to once an organisation or client is chosen, terms accepted or onboarding done. */
  returnPath: 'return_path',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Storage is injected: localStorage in the browser, a Map in tests, SecureStore on mobile. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** One value of a query parameter, as it goes on the URL. */
export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  body?: unknown;
  /**
   * Undefined values are dropped; `all-entities` / `all-clients` are dropped too (no filter). A list
   * repeats its key once per value (`status=a&status=b`).
   */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  /** Multipart uploads pass a FormData body and skip JSON encoding. */
  formData?: FormData;
  /** Calls that must not carry a bearer (login, refresh, reset). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** `file`: a successful answer is read as a `DownloadedFile` (bytes and Content-Disposition), not JSON. */
  responseType?: 'json' | 'file';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  /** Calls a route declared in @bp/contracts: path, query, body and answer typed from the declaration. */
  call: ReturnType<typeof createCall>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Thrown for every non-2xx answer. `body` is the parsed JSON error body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** `code` of a `{detail, code}` body, if any. */
  readonly code: string | undefined;
  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const code = (body as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}
