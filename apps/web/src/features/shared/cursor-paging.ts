/**
 * Keyset-paged lists (bill queues, client bill lists, advanced search; docs/decisions/021-keyset-paging.md):
 * the API's `next` and `previous` links carry a cursor that continues exactly after (or before) the rows
 * on screen. The screens keep it in their url beside `page`, so going to the next page follows it, and
 * Back or a reload shows the same rows. A page reached any other way (a typed url) is fetched by offset.
 */

export const CURSOR_PARAM = 'cursor';

/** The `cursor` of an API link (a path with a query), if it has one. */
export function cursorOf(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  return new URL(link, 'http://local').searchParams.get(CURSOR_PARAM) ?? undefined;
}

/**
 * The cursor to send when moving from `page` to `target` (both 1-based) with `links` the answer on
 * screen: its next link's one step forward, its previous link's one step back, none otherwise.
 */
export function cursorForPage(
  links: { next: string | null; previous: string | null } | undefined,
  page: number,
  target: number,
): string | undefined {
  if (!links) return undefined;
  if (target === page + 1) return cursorOf(links.next);
  if (target === page - 1) return cursorOf(links.previous);
  return undefined;
}

/** The DataTable paging props of a keyset-paged answer: capped count and whether a next page exists. */
export function keysetPaging(
  data: { count: number; count_capped?: boolean; next: string | null },
  page: number,
  pageSize: number,
  onPageChange: (index: number) => void,
) {
  return {
    count: data.count,
    countCapped: data.count_capped === true,
    hasNext: data.next !== null,
    page: page - 1,
    pageSize,
    onPageChange,
  };
}
