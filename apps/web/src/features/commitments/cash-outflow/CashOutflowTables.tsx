import type { CashOutflow, MonthlyOverview } from '@bp/contracts';
import { COMMITMENT_CATEGORY_LABELS, type CommitmentCategory, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../../ui/index.ts';
import { monthLabel } from '../display.tsx';

type OutflowMonth = CashOutflow['months'][number];
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const bold = (content: ReactNode) => (
  <Box component="span" sx={{ fontWeight: 700 }}>
    {content}
  </Box>
);

/** What a month commits to one category (0 when nothing). */
export const amountOf = (month: OutflowMonth, category: CommitmentCategory) =>
  month.by_category.find((c) => c.category === category)?.committed ?? 0;

/** The committed-by-category chart's numbers: a row per month, a column per category, and totals. */
export function OutflowByMonthTable({
  data,
  categories,
}: {
  data: CashOutflow;
  categories: readonly CommitmentCategory[];
}) {
  const categoryTotal = (category: CommitmentCategory) =>
    data.months.reduce((sum, m) => sum + amountOf(m, category), 0);
  const columns: DataColumn<OutflowMonth>[] = [
    { key: 'month', header: 'Month', rowHeader: true, render: (m) => monthLabel(m.month) },
    ...categories.map(
      (c): DataColumn<OutflowMonth> => ({
        key: c,
        header: COMMITMENT_CATEGORY_LABELS[c],
        align: 'right',
        cellSx: numeric,
        render: (m) => formatMoney(amountOf(m, c)),
      }),
    ),
    {
      key: 'committed',
      header: 'Committed',
      align: 'right',
      cellSx: numeric,
      render: (m) => formatMoney(m.committed),
    },
    { key: 'paid', header: 'Paid', align: 'right', cellSx: numeric, render: (m) => formatMoney(m.paid) },
    {
      key: 'pending',
      header: 'Pending',
      align: 'right',
      cellSx: numeric,
      render: (m) => formatMoney(m.pending),
    },
  ];
  const totals: Record<string, number> = {
    committed: data.totals.committed,
    paid: data.totals.paid,
    pending: data.totals.pending,
  };
  return (
    <DataTable
      label="Cash outflow by month"
      columns={columns}
      rows={data.months}
      rowKey={(m) => m.month}
      footerRow={(column) =>
        column.key === 'month'
          ? 'Total'
          : formatMoney(totals[column.key] ?? categoryTotal(column.key as CommitmentCategory))
      }
      outlined={false}
    />
  );
}

/** A row of the monthly overview: a category, or the committed, paid and pending sums under them. */
type OverviewRow = { key: string; label: string; months: readonly number[]; total: number; strong: boolean };

/** The paid-and-pending chart's numbers: committed per category and month, then the month's sums. */
export function OverviewByCategoryTable({ overview }: { overview: MonthlyOverview }) {
  const categories = overview.categories.filter((c) => c.total > 0 || c.committed.some((v) => v > 0));
  const monthTotal = (index: number) => categories.reduce((sum, c) => sum + (c.committed[index] ?? 0), 0);
  const rows: OverviewRow[] = [
    ...categories.map((c) => ({
      key: c.category,
      label: COMMITMENT_CATEGORY_LABELS[c.category],
      months: overview.months.map((_, index) => c.committed[index] ?? 0),
      total: c.total,
      strong: false,
    })),
    {
      key: 'committed',
      label: 'Committed',
      months: overview.months.map((m, index) => (categories.length > 0 ? monthTotal(index) : m.committed)),
      total: categories.reduce((sum, c) => sum + c.total, 0),
      strong: true,
    },
    {
      key: 'paid',
      label: 'Paid',
      months: overview.months.map((m) => m.paid),
      total: overview.months.reduce((sum, m) => sum + m.paid, 0),
      strong: false,
    },
    {
      key: 'pending',
      label: 'Pending',
      months: overview.months.map((m) => m.pending),
      total: overview.months.reduce((sum, m) => sum + m.pending, 0),
      strong: false,
    },
  ];
  const shown = (row: OverviewRow, cents: number) =>
    row.strong ? bold(formatMoney(cents)) : formatMoney(cents);
  const columns: DataColumn<OverviewRow>[] = [
    {
      key: 'category',
      header: 'Category',
      rowHeader: true,
      render: (row) => (row.strong ? bold(row.label) : row.label),
    },
    ...overview.months.map(
      (m, index): DataColumn<OverviewRow> => ({
        key: m.month,
        header: monthLabel(m.month),
        align: 'right',
        cellSx: numeric,
        render: (row) => shown(row, row.months[index] ?? 0),
      }),
    ),
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      cellSx: numeric,
      render: (row) => shown(row, row.total),
    },
  ];
  return (
    <DataTable
      label="Monthly overview by category"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      outlined={false}
    />
  );
}
