import type { BillQueueItem } from '@bp/contracts';
import { PAYMENT_METHOD_LABELS } from '@bp/domain';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type DataColumn, DataTable, type DataTablePaging } from '../../../ui/index.ts';
import { billPagePath } from '../shared/bill-api.ts';
import { DateText, MoneyText } from '../shared/cells.tsx';
import type { BillOrderingField } from './queue-params.ts';

/** The queue's columns; the API orders by the BillOrderingField ones. */
const COLUMNS: (DataColumn<BillQueueItem> & { sortField?: BillOrderingField })[] = [
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
  {
    key: 'vendor',
    header: 'Vendor',
    sortField: 'vendor',
    // The link that opens the bill from the keyboard: always shown.
    hideable: false,
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
  /** Server paging (0-based page), with the queue's capped count and whether a next page exists. */
  paging: DataTablePaging;
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

const selectLabel = (row: BillQueueItem) =>
  `Select the bill of ${row.vendor.name}${row.invoice_number ? `, invoice ${row.invoice_number}` : ''}`;

/**
 * One page of a billing queue: sortable headers, row checkboxes, a column chooser (the queue is wide),
 * and a click on a row opens the bill (the vendor link does the same from the keyboard).
 */
export function BillQueueTable({
  label,
  rows,
  paging,
  ordering,
  onOrderingChange,
  selection,
  updating,
}: BillQueueTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.guid}
      paging={paging}
      ordering={ordering}
      onOrderingChange={onOrderingChange}
      selection={
        selection
          ? { ...selection, rowLabel: selectLabel, pageLabel: 'Select all bills on this page' }
          : undefined
      }
      onRowClick={(row) => void navigate(billPagePath(row.client.guid, row.guid))}
      updating={updating}
      columnChoice
    />
  );
}
