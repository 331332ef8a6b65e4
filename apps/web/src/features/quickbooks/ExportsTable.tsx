import type { qboExport } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import { useState } from 'react';
import type { z } from 'zod';
import { type DataColumn, DataTable, ErrorState, errorMessageOf } from '../../ui/index.ts';
import { type EntityRef, useQboExports } from './quickbooks-api.ts';

type Export = z.infer<typeof qboExport>;

const STATUS_LABELS: Record<Export['status'], string> = {
  pending: 'Waiting',
  exporting: 'Sending',
  exported: 'Exported',
  failed: 'Failed',
};

const columns: DataColumn<Export>[] = [
  {
    key: 'invoice',
    header: 'Invoice',
    render: (e) => e.invoice_number ?? e.bill.slice(0, 8),
    rowHeader: true,
  },
  { key: 'kind', header: 'Sent as', render: (e) => (e.kind === 'bill' ? 'Bill' : 'Bill payment') },
  { key: 'amount', header: 'Amount', render: (e) => formatMoney(e.amount), align: 'right' },
  { key: 'status', header: 'Status', render: (e) => STATUS_LABELS[e.status] },
  { key: 'qbo', header: 'QuickBooks id', render: (e) => e.qbo_id ?? '' },
  {
    key: 'when',
    header: 'Sent / error',
    render: (e) => e.error ?? (e.exported_on ? formatDate(e.exported_on) : ''),
  },
];

/** Bills and bill payments recorded for QuickBooks: each once, with QuickBooks' id or its message. */
export function ExportsTable({ entity }: { entity: EntityRef }) {
  const [page, setPage] = useState(0);
  const list = useQboExports(entity, page + 1);
  if (list.isError)
    return <ErrorState message={errorMessageOf(list.error)} onRetry={() => void list.refetch()} />;
  return (
    <DataTable
      label="Bills sent to QuickBooks"
      columns={columns}
      rows={list.data?.results ?? []}
      rowKey={(e) => e.guid}
      {...(list.isPending ? { loadingLabel: 'Loading the exports' } : {})}
      empty="No bill has reached payment since the connection."
      paging={{ count: list.data?.count ?? 0, page, pageSize: 10, onPageChange: setPage }}
    />
  );
}
