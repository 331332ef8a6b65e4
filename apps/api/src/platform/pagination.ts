import type { Paged, PageQuery } from '@bp/contracts';
import type { FastifyRequest } from 'fastify';

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: Pick<PageQuery, 'page' | 'page_size'>): PageWindow {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** `{count, next, previous, results}` with next/previous as paths relative to the API origin. */
export function pageOf<T>(request: FastifyRequest, query: PageQuery, count: number, results: T[]): Paged<T> {
  const link = (page: number) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(query.page_size));
    return `${url.pathname}${url.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}

/**
 * Maps `?ordering=-name` onto a whitelist of sortable fields. Unknown fields fall back to the default,
 * so a crafted ordering can never reach SQL.
 */
export function parseOrdering<K extends string>(
  ordering: string | undefined,
  allowed: readonly K[],
  fallback: { field: K; desc: boolean },
): { field: K; desc: boolean } {
  if (!ordering) return fallback;
  const desc = ordering.startsWith('-');
  const field = (desc ? ordering.slice(1) : ordering) as K;
  return allowed.includes(field) ? { field, desc } : fallback;
}
