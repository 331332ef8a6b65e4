import {
  type ApiClient,
  ApiError,
  buildUrl,
  extractErrorMessage,
  pathOf,
  STORAGE_KEYS,
} from '@bp/api-client';
import { type RouteDeclaration, usersRoutes } from '@bp/contracts';

type Query = Record<string, string | number | boolean | undefined | null>;

/** The file name of a `Content-Disposition: attachment; filename="x.csv"` header (RFC 6266), if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

function fetchWithBearer(url: string): Promise<Response> {
  const access = localStorage.getItem(STORAGE_KEYS.access);
  return fetch(url, { headers: access ? { Authorization: `Bearer ${access}` } : {} });
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return new ApiError(response.status, body, extractErrorMessage(body));
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads a file the API serves behind the bearer: fetched with the access token, then saved through
 * a blob link under the server's file name (else `fallbackName`). A stale token is renewed once through
 * the API client (any authenticated call refreshes it) before giving up.
 */
export function downloadFile<R extends RouteDeclaration>(
  api: ApiClient,
  route: R,
  options: { params?: Record<string, string | number>; query?: Query },
  fallbackName: string,
) {
  return downloadFromPath(api, pathOf(route, options.params), options.query ?? {}, fallbackName);
}

/** `downloadFile` for a path still built by hand (advanced search's export, issue 11 item 3). */
export async function downloadFromPath(api: ApiClient, path: string, query: Query, fallbackName: string) {
  const url = buildUrl('', path, query);
  let response = await fetchWithBearer(url);
  if (response.status === 401) {
    await api.call(usersRoutes.getAuthUser, { params: { guid: 'me' } });
    response = await fetchWithBearer(url);
  }
  if (!response.ok) throw await errorOf(response);
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
}
