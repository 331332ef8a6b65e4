import { useSearchParams } from 'react-router';
import { CURSOR_PARAM } from './cursor-paging.ts';

/**
 * A list's page (1-based) and ordering kept in the URL (`?page=&ordering=`), so a link or a reload shows
 * the same rows. A new ordering starts again at page 1; page 1 and no ordering leave the URL clean.
 * Keyset-paged lists also keep the API's cursor (`&cursor=`) of the page they stepped to
 * (shared/cursor-paging.ts); any other change drops it.
 */
export function usePageOrderingParams(defaultOrdering: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const ordering = searchParams.get('ordering') ?? defaultOrdering;
  const cursor = page > 1 ? (searchParams.get(CURSOR_PARAM) ?? undefined) : undefined;
  const setParam = (name: 'page' | 'ordering', value: string | null, nextCursor?: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name === 'ordering') next.delete('page');
      if (nextCursor && value !== null) next.set(CURSOR_PARAM, nextCursor);
      else next.delete(CURSOR_PARAM);
      return next;
    });
  return {
    page,
    ordering,
    /** The cursor of the page on screen, when it was reached by one (keyset-paged lists). */
    cursor,
    /** For a zero-based table pager; `nextCursor` is the API link's, when the list pages by key. */
    setPageIndex: (index: number, nextCursor?: string) =>
      setParam('page', index === 0 ? null : String(index + 1), nextCursor),
    setOrdering: (next: string) => setParam('ordering', next),
  };
}
