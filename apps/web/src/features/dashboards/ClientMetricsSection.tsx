import { ALL_ENTITIES } from '@bp/domain';
import Typography from '@mui/material/Typography';
import { QueryStates } from '../../ui/index.ts';
import { clientBillsPath } from '../bill-lists/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { type MetricCardSpec, MetricCards } from './MetricCards.tsx';
import { useSummaryMetrics } from './useMetrics.ts';

const CLIENT_CARDS: readonly MetricCardSpec[] = [
  {
    key: 'awaiting_approval',
    title: 'Awaiting your approval',
    to: clientBillsPath(ALL_ENTITIES, 'client-pre-bill'),
    linkLabel: 'Review bills awaiting approval',
  },
  { key: 'due_next_7_days', title: 'Due in the next 7 days' },
  { key: 'overdue', title: 'Overdue' },
  {
    key: 'paid_this_month',
    title: 'Paid this month',
    to: clientBillsPath(ALL_ENTITIES, 'paid'),
    linkLabel: 'See paid bills',
  },
];

/** The client's bills at a glance, on top of /dashboard. */
export function ClientMetricsSection({ clientGuid }: { clientGuid: string }) {
  const metrics = useSummaryMetrics({ clientGuid });
  return (
    <section aria-labelledby="client-bill-metrics">
      <Typography id="client-bill-metrics" variant="h6" component="h2" sx={{ mb: 2 }}>
        Your bills
      </Typography>
      <QueryStates
        query={metrics}
        loadingLabel="Loading your bills…"
        errorMessage={apiErrorMessage}
        isEmpty={() => false}
        empty={null}
      >
        {(data) => <MetricCards metrics={data} cards={CLIENT_CARDS} />}
      </QueryStates>
    </section>
  );
}
