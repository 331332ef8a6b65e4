import type { CashOutflow, MonthlyOverview } from '@bp/contracts';
import {
  COMMITMENT_CATEGORY_LABELS,
  COMMITMENT_CATEGORY_VALUES,
  type CommitmentCategory,
  formatMoney,
} from '@bp/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChartSeries, compactMoneyTick, StackedBarChart } from '../../../ui/charts/index.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { useForecast } from '../commitment-api.ts';
import { monthLabel } from '../display.tsx';
import { amountOf, OutflowByMonthTable, OverviewByCategoryTable } from './CashOutflowTables.tsx';

/** One colour per category, distinguishable side by side (and named in the legend). */
const CATEGORY_COLORS: Record<CommitmentCategory, string> = {
  credit_card: '#2B388D',
  loan_mortgage: '#0E7C86',
  utilities: '#E0A100',
  property_tax: '#8E44AD',
  other_tax: '#C0392B',
  insurance: '#2E8B57',
  dmv_renewal: '#D35400',
  other: '#7F8C8D',
};
const PAID_COLOR = '#2E7D32';
const PENDING_COLOR = '#ED6C02';

const money = (cents: number) => formatMoney(cents);

/**
 * A client's cash outflow for the next 12 months (optionally of one entity): the committed amounts by
 * month stacked by category, and paid vs pending bills per month, each chart followed by a table of
 * the same numbers with totals.
 */
export function CashOutflowSection({ clientGuid, entity }: { clientGuid: string; entity: string }) {
  const { outflow, overview } = useForecast(clientGuid, entity);
  if (outflow.isPending || overview.isPending) return <LoadingState label="Loading the cash outflow…" />;
  if (outflow.isError || overview.isError) {
    return (
      <ErrorState
        message={`The cash outflow could not be loaded. ${apiErrorMessage(outflow.error ?? overview.error)}`}
        onRetry={() => {
          void outflow.refetch();
          void overview.refetch();
        }}
      />
    );
  }
  const data = outflow.data;
  if (data.totals.committed === 0 && data.totals.paid === 0 && data.totals.pending === 0) {
    return (
      <EmptyState title="No cash outflow in the next 12 months.">
        Commitments with an expected amount and their bills add up here month by month.
      </EmptyState>
    );
  }
  return (
    <Stack spacing={3}>
      <CommittedByCategory data={data} />
      <PaidAndPending data={data} overview={overview.data} />
    </Stack>
  );
}

function CommittedByCategory({ data }: { data: CashOutflow }) {
  const used = COMMITMENT_CATEGORY_VALUES.filter((category) =>
    data.months.some((m) =>
      m.by_category.some((c) => c.category === category && (c.committed > 0 || c.count > 0)),
    ),
  );
  const series: ChartSeries[] = used.map((category) => ({
    key: category,
    label: COMMITMENT_CATEGORY_LABELS[category],
    color: CATEGORY_COLORS[category],
  }));
  const variable = data.months.reduce((sum, m) => sum + m.variable_count, 0);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="cash-outflow-heading">
      <Typography id="cash-outflow-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Committed by month and category
      </Typography>
      <StackedBarChart
        title="Committed amounts by month, stacked by category"
        series={series}
        bars={data.months.map((m) => ({
          key: m.month,
          label: monthLabel(m.month),
          values: Object.fromEntries(used.map((c) => [c, amountOf(m, c)])),
        }))}
        formatValue={money}
        formatTick={compactMoneyTick}
        emptyText="Nothing with a known amount is committed in these months."
      />
      {variable > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {variable} variable-amount payment{variable === 1 ? '' : 's'} in these months{' '}
          {variable === 1 ? 'is' : 'are'} not included: their amount is known once billed.
        </Typography>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <OutflowByMonthTable data={data} categories={used} />
      </Box>
    </Paper>
  );
}

function PaidAndPending({ data, overview }: { data: CashOutflow; overview: MonthlyOverview }) {
  const series: ChartSeries[] = [
    { key: 'paid', label: 'Paid', color: PAID_COLOR },
    { key: 'pending', label: 'Pending', color: PENDING_COLOR },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="monthly-overview-heading">
      <Typography id="monthly-overview-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Monthly overview: paid and pending
      </Typography>
      <StackedBarChart
        title="Paid and pending bills by month"
        series={series}
        bars={data.months.map((m) => ({
          key: m.month,
          label: monthLabel(m.month),
          values: { paid: m.paid, pending: m.pending },
        }))}
        formatValue={money}
        formatTick={compactMoneyTick}
        emptyText="No bills were paid or are pending in these months."
      />
      <Box sx={{ mt: 2 }}>
        <OverviewByCategoryTable overview={overview} />
      </Box>
    </Paper>
  );
}
