import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (so a filtered list can be bookmarked and Back restores it):
 * `set` writes one filter, '' removes it along with the filters that depend on it, and any change
 * goes back to page 1.
 */
export function useUrlFilters(dependents: Readonly<Record<string, readonly string[]>> = {}) {
  const [search, setSearch] = useSearchParams();
  const set = (key: string, next: string) => {
    const params = new URLSearchParams(search);
    if (next === '') {
      params.delete(key);
      for (const dependent of dependents[key] ?? []) params.delete(dependent);
    } else params.set(key, next);
    params.delete('page');
    setSearch(params);
  };
  const setPage = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    setSearch(params);
  };
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  return { search, set, page, setPage };
}
