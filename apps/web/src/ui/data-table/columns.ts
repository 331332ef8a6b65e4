import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** One column of a DataTable: its header, how a row shows in it, and what it offers. */
export interface DataColumn<T> {
  /** Stable within the table: React's key and the column chooser's id. */
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The API's ordering field; makes the header a sort button (server-side sorting). */
  sortField?: string;
  /** The cell names its row (a `th` with scope row), as a month or a category does in a figures table. */
  rowHeader?: boolean;
  /** Extra style of the column's cells (e.g. tabular figures). */
  cellSx?: SxProps<Theme>;
  /** With a column chooser: left out of the first render until the user shows it. */
  hiddenByDefault?: boolean;
  /** With a column chooser: false keeps the column always shown (the one that names the row). */
  hideable?: boolean;
}

/** `name` or `-name`, the API's ordering parameter, as the sorted field and its direction. */
export function parseOrdering(ordering: string | undefined): { field?: string; direction: 'asc' | 'desc' } {
  if (!ordering) return { direction: 'asc' };
  return ordering.startsWith('-')
    ? { field: ordering.slice(1), direction: 'desc' }
    : { field: ordering, direction: 'asc' };
}

/** The ordering after a click on a sort header: ascending first, then descending, then ascending again. */
export function nextOrdering(ordering: string | undefined, field: string): string {
  const current = parseOrdering(ordering);
  return current.field === field && current.direction === 'asc' ? `-${field}` : field;
}
