import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '../visually-hidden.ts';
import { type DataColumn, nextOrdering, parseOrdering } from './columns.ts';

export interface DataTableHeadProps<T> {
  columns: readonly DataColumn<T>[];
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  /** The page's select-all checkbox; left out without selection. */
  selectAll?: { label: string; checked: boolean; indeterminate: boolean; onChange: () => void };
  /** A last, visually hidden "Actions" header over the rows' buttons. */
  hasActions: boolean;
}

/** The header row: sort buttons (aria-sort on the sorted column), select-all, and the actions column. */
export function DataTableHead<T>({
  columns,
  ordering,
  onOrderingChange,
  selectAll,
  hasActions,
}: DataTableHeadProps<T>) {
  const sorted = parseOrdering(ordering);
  return (
    <TableHead>
      <TableRow>
        {selectAll ? (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selectAll.checked}
              indeterminate={selectAll.indeterminate}
              onChange={selectAll.onChange}
              slotProps={{ input: { 'aria-label': selectAll.label } }}
            />
          </TableCell>
        ) : null}
        {columns.map((column) => {
          const active = column.sortField !== undefined && sorted.field === column.sortField;
          return (
            <TableCell
              key={column.key}
              align={column.align}
              sortDirection={active ? sorted.direction : false}
            >
              {column.sortField && onOrderingChange ? (
                <TableSortLabel
                  active={active}
                  direction={active ? sorted.direction : 'asc'}
                  onClick={() => onOrderingChange(nextOrdering(ordering, column.sortField ?? ''))}
                >
                  {column.header}
                </TableSortLabel>
              ) : (
                column.header
              )}
            </TableCell>
          );
        })}
        {hasActions ? (
          <TableCell align="right">
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          </TableCell>
        ) : null}
      </TableRow>
    </TableHead>
  );
}
