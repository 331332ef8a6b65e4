import { billingQueuePath } from '@bp/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle, QueryStates } from '../../ui/index.ts';
import { NewBillButton } from '../bills/form/NewBillButton.tsx';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { ByStatusTable } from './ByStatusTable.tsx';
import { type MetricCardSpec, MetricCards } from './MetricCards.tsx';
import { PaidByDate } from './PaidByDate.tsx';
import { PAID_BY_DATE_DAYS, usePaidByDate, useSummaryMetrics } from './useMetrics.ts';

const ORG_CARDS: readonly MetricCardSpec[] = [
  { key: 'awaiting_approval', title: 'Awaiting approval' },
  { key: 'due_next_7_days', title: 'Due in the next 7 days' },
  { key: 'overdue', title: 'Overdue' },
  {
    key: 'paid_this_month',
    title: 'Paid this month',
    to: billingQueuePath('paid'),
    linkLabel: 'Open the Paid queue',
  },
];

// The workflow figures load with the dashboard, not with the client pages that share this feature's
// index (ClientMetricsSection), which keeps those pages inside their bundle budget.
const WorkflowFigures = lazy(() =>
  import('./WorkflowFigures.tsx').then((module) => ({ default: module.WorkflowFigures })),
);

interface OrgDashboardPageProps {
  title: 'Manager Dashboard' | 'Associate Dashboard';
  intro: string;
  /** The associate dashboard's workflow figures are the signed-in person's own. */
  ownFigures?: boolean;
}

/** /manager-dashboard and /associate-dashboard: the organisation's bills at a glance. */
export function OrgDashboardPage({ title, intro, ownFigures = false }: OrgDashboardPageProps) {
  const { organization, claims } = useSession();
  return (
    <>
      <PageTitle actions={<NewBillButton />}>{title}</PageTitle>
      <PageIntro>{intro}</PageIntro>
      {organization ? (
        <OrgDashboard orgGuid={organization.guid} assignee={ownFigures ? claims?.sub : undefined} />
      ) : (
        <EmptyState title="No organization chosen yet.">Choose an organization to see its bills.</EmptyState>
      )}
    </>
  );
}

export function ManagerDashboardPage() {
  return (
    <OrgDashboardPage
      title="Manager Dashboard"
      intro="Bills waiting on your team, what is due and overdue, what was paid, and your team's tasks, reconciliations and reports."
    />
  );
}

export function AssociateDashboardPage() {
  return (
    <OrgDashboardPage
      title="Associate Dashboard"
      intro="Where your organization's bills stand, and your own tasks, reconciliations and reports due."
      ownFigures
    />
  );
}

function OrgDashboard({ orgGuid, assignee }: { orgGuid: string; assignee?: string | undefined }) {
  const metrics = useSummaryMetrics({ organizationGuid: orgGuid });
  const paid = usePaidByDate(orgGuid);
  return (
    <>
      <QueryStates
        query={metrics}
        loadingLabel="Loading bill figures…"
        errorMessage={apiErrorMessage}
        isEmpty={() => false}
        empty={null}
      >
        {(data) => (
          <>
            <MetricCards metrics={data} cards={ORG_CARDS} />
            <ByStatusTable metrics={data} />
          </>
        )}
      </QueryStates>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="paid-by-date"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="paid-by-date" variant="h6" component="h2" sx={{ mb: 2 }}>
          Paid by date
        </Typography>
        <QueryStates
          query={paid}
          loadingLabel="Loading payments…"
          errorMessage={apiErrorMessage}
          isEmpty={(data) => data.results.every((day) => day.count === 0)}
          empty={<EmptyState title={`No bills were paid in the last ${PAID_BY_DATE_DAYS} days.`} />}
        >
          {(data) => <PaidByDate data={data} />}
        </QueryStates>
      </Paper>
      <Box sx={{ mt: 3 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
          <WorkflowFigures orgGuid={orgGuid} assignee={assignee} />
        </Suspense>
      </Box>
    </>
  );
}
