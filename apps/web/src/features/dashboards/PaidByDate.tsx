import type { ByPaidDate } from '@bp/contracts';
import { formatDate, formatMoney, shortenNumber } from '@bp/domain';
import { useTheme } from '@mui/material/styles';
import { compactMoneyTick, StackedBarChart } from '../../ui/charts/index.tsx';
import { type DataColumn, DataTable } from '../../ui/index.ts';

type PaidDay = ByPaidDate['results'][number];

const COLUMNS: DataColumn<PaidDay>[] = [
  { key: 'date', header: 'Date', render: (day) => formatDate(day.date) },
  { key: 'count', header: 'Bills', align: 'right', render: (day) => shortenNumber(day.count) },
  { key: 'amount', header: 'Amount', align: 'right', render: (day) => formatMoney(day.amount) },
];

/** A bar per day with payments (MUI X Charts), and the same figures in a table for screen readers. */
export function PaidByDate({ data }: { data: ByPaidDate }) {
  const theme = useTheme();
  const days = data.results.filter((day) => day.count > 0);
  return (
    <>
      <StackedBarChart
        title="Amount paid by date"
        series={[{ key: 'paid', label: 'Paid', color: theme.palette.primary.main }]}
        bars={days.map((day) => ({
          key: day.date,
          label: formatDate(day.date),
          values: { paid: day.amount },
        }))}
        formatValue={formatMoney}
        formatTick={compactMoneyTick}
        height={240}
      />
      <DataTable
        label="Paid by date"
        columns={COLUMNS}
        rows={days}
        rowKey={(day) => day.date}
        outlined={false}
      />
    </>
  );
}
