import type { BillQueueItem } from '@bp/contracts';
import { PAYMENT_METHOD_LABELS } from '@bp/domain';
import { Checkbox, Link, TableBody, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PagedTableFooter, TableFrame } from '../../../ui/index.ts';
import { billPagePath } from '../shared/bill-api.ts';
import { DateText, MoneyText } from '../shared/cells.tsx';
import type { BillOrderingField } from './queue-params.ts';

interface Column {
  key: string;
  header: string;
  sortField?: BillOrderingField;
  align?: 'right';
  render: (row: BillQueueItem) => ReactNode;
}

const COLUMNS: Column[] = [
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
  {
    key: 'vendor',
    header: 'Vendor',
    sortField: 'vendor',
    render: (row) => (
      <Link
        component={RouterLink}
        to={billPagePath(row.client.guid, row.guid)}
        onClick={(event) => event.stopPropagation()}
        sx={{ fontWeight: 600 }}
      >
        {row.vendor.name}
      </Link>
    ),
  },
  { key: 'invoice', header: 'Invoice #', render: (row) => row.invoice_number ?? '—' },
  {
    key: 'due',
    header: 'Due Date',
    sortField: 'due_date',
    render: (row) => <DateText value={row.due_date} />,
  },
  {
    key: 'amount',
    header: 'Amount',
    sortField: 'amount',
    align: 'right',
    render: (row) => <MoneyText cents={row.amount} />,
  },
  { key: 'method', header: 'Payment Method', render: (row) => PAYMENT_METHOD_LABELS[row.payment_method] },
  {
    key: 'created',
    header: 'Created',
    sortField: 'created_on',
    render: (row) => <DateText value={row.created_on} />,
  },
];

export interface BillQueueTableProps {
  label: string;
  rows: readonly BillQueueItem[];
  count: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  /** Row selection for bulk actions; left out where bills cannot be acted on. */
  selection?: {
    selected: ReadonlySet<string>;
    onToggle: (row: BillQueueItem) => void;
    onTogglePage: (rows: readonly BillQueueItem[], select: boolean) => void;
  };
  updating?: boolean;
}

/** One page of a billing queue: sortable headers, row checkboxes, a click opens the bill. */
export function BillQueueTable({
  label,
  rows,
  count,
  page,
  pageSize,
  onPageChange,
  ordering,
  onOrderingChange,
  selection,
  updating,
}: BillQueueTableProps) {
  const navigate = useNavigate();
  const sortedBy = ordering.replace(/^-/, '');
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  const selectedOnPage = selection ? rows.filter((row) => selection.selected.has(row.guid)).length : 0;
  const allOnPage = rows.length > 0 && selectedOnPage === rows.length;

  return (
    <TableFrame
      label={label}
      updating={updating}
      footer={<PagedTableFooter count={count} page={page} pageSize={pageSize} onPageChange={onPageChange} />}
    >
      <TableHead>
        <TableRow>
          {selection ? (
            <TableCell padding="checkbox">
              <Checkbox
                checked={allOnPage}
                indeterminate={selectedOnPage > 0 && !allOnPage}
                onChange={() => selection.onTogglePage(rows, !allOnPage)}
                slotProps={{ input: { 'aria-label': 'Select all bills on this page' } }}
              />
            </TableCell>
          ) : null}
          {COLUMNS.map((column) => (
            <TableCell
              key={column.key}
              align={column.align}
              sortDirection={column.sortField && sortedBy === column.sortField ? direction : false}
            >
              {column.sortField ? (
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
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const checked = selection?.selected.has(row.guid) ?? false;
          return (
            <TableRow
              key={row.guid}
              hover
              selected={checked}
              onClick={() => void navigate(billPagePath(row.client.guid, row.guid))}
              sx={{ cursor: 'pointer' }}
            >
              {selection ? (
                <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    checked={checked}
                    onChange={() => selection.onToggle(row)}
                    slotProps={{
                      input: {
                        'aria-label': `Select the bill of ${row.vendor.name}${
                          row.invoice_number ? `, invoice ${row.invoice_number}` : ''
                        }`,
                      },
                    }}
                  />
                </TableCell>
              ) : null}
              {COLUMNS.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </TableFrame>
  );
}
