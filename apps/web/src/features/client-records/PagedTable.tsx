import { Box, TableBody, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { PagedTableFooter, TableFrame, visuallyHidden } from '../../ui/index.ts';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The API's ordering field; makes the header a sort button. */
  sortField?: string;
}

export interface PagedTableProps<T extends { guid: string }> {
  /** Names the table for assistive technology (and for tests). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  count: number;
  /** 0-based, as TablePagination counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** `name` or `-name`. */
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  /** Buttons at the end of each row; the column is left out when not given. */
  actions?: (row: T) => ReactNode;
  updating?: boolean;
  selectedGuid?: string | null;
}

/** A table of one page of a list, with sortable headers and paging. */
export function PagedTable<T extends { guid: string }>({
  label,
  columns,
  rows,
  count,
  page,
  pageSize,
  onPageChange,
  ordering,
  onOrderingChange,
  actions,
  updating,
  selectedGuid,
}: PagedTableProps<T>) {
  const sortedBy = ordering?.replace(/^-/, '');
  const direction = ordering?.startsWith('-') ? 'desc' : 'asc';
  return (
    <TableFrame
      label={label}
      updating={updating}
      footer={<PagedTableFooter count={count} page={page} pageSize={pageSize} onPageChange={onPageChange} />}
    >
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell
              key={column.key}
              align={column.align}
              sortDirection={column.sortField && sortedBy === column.sortField ? direction : false}
            >
              {column.sortField && onOrderingChange ? (
                <TableSortLabel
                  active={sortedBy === column.sortField}
                  direction={sortedBy === column.sortField ? direction : 'asc'}
                  onClick={() =>
                    onOrderingChange(
                      sortedBy === column.sortField && direction === 'asc'
                        ? `-${column.sortField}`
                        : (column.sortField ?? ''),
                    )
                  }
                >
                  {column.header}
                </TableSortLabel>
              ) : (
                column.header
              )}
            </TableCell>
          ))}
          {actions ? (
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.guid} hover selected={selectedGuid === row.guid}>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.render(row)}
              </TableCell>
            ))}
            {actions ? (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </TableFrame>
  );
}
