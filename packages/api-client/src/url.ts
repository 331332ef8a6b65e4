import type { RequestOptions } from './types.ts';

/** Filter values that mean "no filter" (SPEC.md §5). */
export const NO_FILTER_VALUES: ReadonlySet<string> = new Set(['all-entities', 'all-clients']);

/**
 * Joins the base url, the path and the query, dropping empty values and the no-filter values. A list
 * value writes its key once per item (`status=a&status=b`), the repeated form the API reads as an array.
 */
export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const text = String(item);
      if (NO_FILTER_VALUES.has(text)) continue;
      params.append(key, text);
    }
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
