import type { CashOutflow, MonthlyOverview } from '@bp/contracts';
import {
  COMMITMENT_CATEGORY_LABELS,
  COMMITMENT_CATEGORY_VALUES,
  type CommitmentCategory,
  formatMoney,
} from '@bp/domain';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { useForecast } from '../commitment-api.ts';
import { monthLabel } from '../display.tsx';
import { type ChartSeries, StackedBarChart } from '../StackedBarChart.tsx';

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
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** Axis values are short: $6.4K rather than $6,420.00. */
const moneyTick = (cents: number) => compactDollars.format(cents / 100);
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

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
  const amountOf = (month: CashOutflow['months'][number], category: CommitmentCategory) =>
    month.by_category.find((c) => c.category === category)?.committed ?? 0;
  const categoryTotal = (category: CommitmentCategory) =>
    data.months.reduce((sum, m) => sum + amountOf(m, category), 0);
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
        formatTick={moneyTick}
        emptyText="Nothing with a known amount is committed in these months."
      />
      {variable > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {variable} variable-amount payment{variable === 1 ? '' : 's'} in these months{' '}
          {variable === 1 ? 'is' : 'are'} not included: their amount is known once billed.
        </Typography>
      ) : null}
      <TableContainer sx={{ mt: 2 }}>
        <Table size="small" aria-label="Cash outflow by month">
          <TableHead>
            <TableRow>
              <TableCell>Month</TableCell>
              {used.map((c) => (
                <TableCell key={c} align="right">
                  {COMMITMENT_CATEGORY_LABELS[c]}
                </TableCell>
              ))}
              <TableCell align="right">Committed</TableCell>
              <TableCell align="right">Paid</TableCell>
              <TableCell align="right">Pending</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.months.map((m) => (
              <TableRow key={m.month}>
                <TableCell component="th" scope="row">
                  {monthLabel(m.month)}
                </TableCell>
                {used.map((c) => (
                  <TableCell key={c} align="right" sx={numeric}>
                    {money(amountOf(m, c))}
                  </TableCell>
                ))}
                <TableCell align="right" sx={numeric}>
                  {money(m.committed)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {money(m.paid)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {money(m.pending)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow sx={{ '& > *': { fontWeight: 700 } }}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                Total
              </TableCell>
              {used.map((c) => (
                <TableCell key={c} align="right" sx={{ ...numeric, fontWeight: 700 }}>
                  {money(categoryTotal(c))}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                {money(data.totals.committed)}
              </TableCell>
              <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                {money(data.totals.paid)}
              </TableCell>
              <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                {money(data.totals.pending)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function PaidAndPending({ data, overview }: { data: CashOutflow; overview: MonthlyOverview }) {
  const series: ChartSeries[] = [
    { key: 'paid', label: 'Paid', color: PAID_COLOR },
    { key: 'pending', label: 'Pending', color: PENDING_COLOR },
  ];
  const categories = overview.categories.filter((c) => c.total > 0 || c.committed.some((v) => v > 0));
  const monthTotal = (index: number) => categories.reduce((sum, c) => sum + (c.committed[index] ?? 0), 0);
  const overviewTotal = categories.reduce((sum, c) => sum + c.total, 0);
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
        formatTick={moneyTick}
        emptyText="No bills were paid or are pending in these months."
      />
      <Box sx={{ mt: 2 }}>
        <TableContainer>
          <Table size="small" aria-label="Monthly overview by category">
            <TableHead>
              <TableRow>
                <TableCell>Category</TableCell>
                {overview.months.map((m) => (
                  <TableCell key={m.month} align="right">
                    {monthLabel(m.month)}
                  </TableCell>
                ))}
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.map((c) => (
                <TableRow key={c.category}>
                  <TableCell component="th" scope="row">
                    {COMMITMENT_CATEGORY_LABELS[c.category]}
                  </TableCell>
                  {overview.months.map((m, index) => (
                    <TableCell key={m.month} align="right" sx={numeric}>
                      {money(c.committed[index] ?? 0)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={numeric}>
                    {money(c.total)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  Committed
                </TableCell>
                {overview.months.map((m, index) => (
                  <TableCell key={m.month} align="right" sx={{ ...numeric, fontWeight: 700 }}>
                    {money(categories.length > 0 ? monthTotal(index) : m.committed)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                  {money(overviewTotal)}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  Paid
                </TableCell>
                {overview.months.map((m) => (
                  <TableCell key={m.month} align="right" sx={numeric}>
                    {money(m.paid)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={numeric}>
                  {money(overview.months.reduce((sum, m) => sum + m.paid, 0))}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  Pending
                </TableCell>
                {overview.months.map((m) => (
                  <TableCell key={m.month} align="right" sx={numeric}>
                    {money(m.pending)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={numeric}>
                  {money(overview.months.reduce((sum, m) => sum + m.pending, 0))}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Paper>
  );
}
