import Checkbox from '@mui/material/Checkbox';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableRow from '@mui/material/TableRow';
import { Fragment, type ReactNode, useState } from 'react';
import { LoadingState } from '../loading-state.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import type { DataColumn } from './columns.ts';
import { DataTableHead } from './data-table-head.tsx';
import { PagedTableFooter, TableFrame } from './table-frame.tsx';

export interface DataTablePaging {
  /** Rows in the list; with `countCapped`, a lower bound (shown as "1,000+"). */
  count: number;
  countCapped?: boolean;
  /** Whether a page follows this one, when the list knows it better than the count (keyset paging). */
  hasNext?: boolean;
  /** 0-based, as TablePagination counts. */
  page: number;
  /** The API's fixed page size: the only rows-per-page choice offered. */
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** Row checkboxes for bulk actions. The selected keys may span pages, so the screen keeps them. */
export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onToggle: (row: T) => void;
  onTogglePage: (rows: readonly T[], select: boolean) => void;
  /** The accessible name of a row's checkbox, e.g. "Select the bill of Acme". */
  rowLabel: (row: T) => string;
  /** The accessible name of the header's checkbox, e.g. "Select all bills on this page". */
  pageLabel: string;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology (and for tests). */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Server paging under the table; left out for a short list shown whole. */
  paging?: DataTablePaging;
  /** The API's ordering (`name` or `-name`); columns with a sortField become sort buttons. */
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  selection?: DataTableSelection<T>;
  /** Buttons at the end of each row, under a visually hidden "Actions" header. */
  actions?: (row: T) => ReactNode;
  /**
   * A click anywhere on the row, a shortcut for the mouse: keyboard users reach the same place through
   * the link the row's naming cell holds, so rows do not each add a tab stop.
   */
  onRowClick?: (row: T) => void;
  /** The row shown as selected (e.g. the one open beside the table). */
  highlightedKey?: string | null;
  /** A thin progress bar while a page is refetched in the background. */
  updating?: boolean;
  /** The first load: a spinner with this text in the table's body. */
  loadingLabel?: string;
  /** Shown in the body when there are no rows (e.g. "No lines on this bill."). */
  empty?: ReactNode;
  /** A "Columns" menu to show and hide columns (wide tables). */
  columnChoice?: boolean;
  /** A totals row in the table's footer: the content of each shown column's cell. */
  footerRow?: (column: DataColumn<T>) => ReactNode;
  /** A full-width row under a row (e.g. its expanded details); null for none. */
  rowDetail?: (row: T) => ReactNode;
  /** Off where the table already sits in a section's outlined paper. */
  outlined?: boolean;
}

/**
 * The one table of the web app (MUI's Table): server paging, server sorting with aria-sort, row
 * selection, column choice, loading and empty states, row actions and a totals row. Every list uses
 * it, so they all look, sort, page and read the same to a screen reader.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  paging,
  ordering,
  onOrderingChange,
  selection,
  actions,
  onRowClick,
  highlightedKey,
  updating,
  loadingLabel,
  empty,
  columnChoice = false,
  footerRow,
  rowDetail,
  outlined,
}: DataTableProps<T>) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(columnChoice ? columns.filter((c) => c.hiddenByDefault).map((c) => c.key) : []),
  );
  const shown = columns.filter((column) => !hidden.has(column.key));
  const width = shown.length + (selection ? 1 : 0) + (actions ? 1 : 0);
  const selectedOnPage = selection ? rows.filter((row) => selection.selected.has(rowKey(row))).length : 0;
  const allOnPage = rows.length > 0 && selectedOnPage === rows.length;
  const toggleColumn = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  let body: ReactNode;
  if (loadingLabel !== undefined) {
    body = (
      <TableRow>
        <TableCell colSpan={width}>
          <LoadingState label={loadingLabel} />
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0 && empty !== undefined) {
    body = (
      <TableRow>
        <TableCell colSpan={width} sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
          {empty}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      const checked = selection?.selected.has(key) ?? false;
      const detail = rowDetail?.(row) ?? null;
      return (
        <Fragment key={key}>
          <TableRow
            hover
            selected={checked || highlightedKey === key}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            sx={{
              ...(onRowClick ? { cursor: 'pointer' } : {}),
              ...(detail ? { '& > td, & > th': { borderBottom: 'none' }, verticalAlign: 'top' } : {}),
            }}
          >
            {selection ? (
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  checked={checked}
                  onChange={() => selection.onToggle(row)}
                  slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                />
              </TableCell>
            ) : null}
            {shown.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={column.cellSx}
                {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
              >
                {column.render(row)}
              </TableCell>
            ))}
            {actions ? (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            ) : null}
          </TableRow>
          {detail ? (
            <TableRow>
              <TableCell colSpan={width} sx={{ py: 0 }}>
                {detail}
              </TableCell>
            </TableRow>
          ) : null}
        </Fragment>
      );
    });
  }

  return (
    <TableFrame
      label={label}
      updating={updating}
      outlined={outlined}
      toolbar={
        columnChoice ? (
          <ColumnChooser tableLabel={label} columns={columns} hidden={hidden} onToggle={toggleColumn} />
        ) : undefined
      }
      footer={paging ? <PagedTableFooter {...paging} rowsOnPage={rows.length} /> : undefined}
    >
      <DataTableHead
        columns={shown}
        ordering={ordering}
        onOrderingChange={onOrderingChange}
        selectAll={
          selection
            ? {
                label: selection.pageLabel,
                checked: allOnPage,
                indeterminate: selectedOnPage > 0 && !allOnPage,
                onChange: () => selection.onTogglePage(rows, !allOnPage),
              }
            : undefined
        }
        hasActions={actions !== undefined}
      />
      <TableBody>{body}</TableBody>
      {footerRow && rows.length > 0 ? (
        <TableFooter>
          <TableRow>
            {selection ? <TableCell padding="checkbox" /> : null}
            {shown.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={[
                  { fontWeight: 700, color: 'text.primary', fontSize: 'inherit' },
                  ...(Array.isArray(column.cellSx) ? column.cellSx : [column.cellSx]),
                ]}
                {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
              >
                {footerRow(column)}
              </TableCell>
            ))}
            {actions ? <TableCell /> : null}
          </TableRow>
        </TableFooter>
      ) : null}
    </TableFrame>
  );
}
