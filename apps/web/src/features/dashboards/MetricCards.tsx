import type { SummaryMetrics } from '@bp/contracts';
import { formatMoney, shortenNumber } from '@bp/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

export type MetricKey = 'awaiting_approval' | 'due_next_7_days' | 'overdue' | 'paid_this_month';

export interface MetricCardSpec {
  key: MetricKey;
  title: string;
  /** Where the card leads, when there is a list of those bills. */
  to?: string;
  linkLabel?: string;
}

/** `1 bill`, `12 bills`, `1.5k bills` (SPEC.md §9 number shortening). */
export function billCount(count: number): string {
  return `${shortenNumber(count)} ${count === 1 ? 'bill' : 'bills'}`;
}

/** One figure of the summary: how many bills and how much money. */
function MetricCard({ spec, value }: { spec: MetricCardSpec; value: { count: number; amount: number } }) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography id={titleId} component="h3" variant="subtitle2" color="text.secondary">
        {spec.title}
      </Typography>
      <Typography component="p" variant="h4" sx={{ fontWeight: 600 }}>
        {billCount(value.count)}
      </Typography>
      <Typography component="p" color="text.secondary">
        {formatMoney(value.amount)}
      </Typography>
      {spec.to ? (
        <Link component={RouterLink} to={spec.to} sx={{ mt: 'auto', pt: 1 }}>
          {spec.linkLabel ?? 'View bills'}
        </Link>
      ) : null}
    </Paper>
  );
}

/** The four summary figures side by side (stacked on phones). */
export function MetricCards({
  metrics,
  cards,
}: {
  metrics: SummaryMetrics;
  cards: readonly MetricCardSpec[];
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        mb: 3,
      }}
    >
      {cards.map((spec) => (
        <MetricCard key={spec.key} spec={spec} value={metrics[spec.key]} />
      ))}
    </Box>
  );
}
