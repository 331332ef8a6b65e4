import type { SummaryMetrics } from '@bp/contracts';
import {
  BILL_STATUS_LABELS,
  BILL_STATUS_VALUES,
  type BillStatus,
  billingQueueOfStatus,
  billingQueuePath,
  formatMoney,
  shortenNumber,
} from '@bp/domain';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type DataColumn, DataTable } from '../../ui/index.ts';

type StatusRow = { status: BillStatus; count: number; amount: number };

const COLUMNS: DataColumn<StatusRow>[] = [
  {
    key: 'status',
    header: 'Status',
    render: (row) => {
      const queue = billingQueueOfStatus(row.status);
      const label = BILL_STATUS_LABELS[row.status];
      return queue ? (
        <Link component={RouterLink} to={billingQueuePath(queue)}>
          {label}
        </Link>
      ) : (
        label
      );
    },
  },
  { key: 'count', header: 'Bills', align: 'right', render: (row) => shortenNumber(row.count) },
  { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatMoney(row.amount) },
];

/** Count and amount per status, in workflow order, each status leading to its billing queue. */
export function ByStatusTable({ metrics }: { metrics: SummaryMetrics }) {
  const rows = BILL_STATUS_VALUES.map(
    (status): StatusRow =>
      metrics.by_status.find((row) => row.status === status) ?? { status, count: 0, amount: 0 },
  ).filter((row) => row.count > 0 || billingQueueOfStatus(row.status) !== null);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="by-status"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="by-status" variant="h6" component="h2" sx={{ mb: 1 }}>
        Bills by status
      </Typography>
      <DataTable
        label="Bills by status"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.status}
        outlined={false}
      />
    </Paper>
  );
}
