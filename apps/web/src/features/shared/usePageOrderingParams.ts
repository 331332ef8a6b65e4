import { useSearchParams } from 'react-router';

/**
 * A list's page (1-based) and ordering kept in the URL (`?page=&ordering=`), so a link or a reload shows
 * the same rows. A new ordering starts again at page 1; page 1 and no ordering leave the URL clean.
 */
export function usePageOrderingParams(defaultOrdering: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const ordering = searchParams.get('ordering') ?? defaultOrdering;
  const setParam = (name: 'page' | 'ordering', value: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name === 'ordering') next.delete('page');
      return next;
    });
  return {
    page,
    ordering,
    /** For a zero-based table pager. */
    setPageIndex: (index: number) => setParam('page', index === 0 ? null : String(index + 1)),
    setOrdering: (next: string) => setParam('ordering', next),
  };
}
