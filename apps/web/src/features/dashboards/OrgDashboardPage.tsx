import type { ByPaidDate, SummaryMetrics } from '@bp/contracts';
import {
  BILL_STATUS_LABELS,
  BILL_STATUS_VALUES,
  billingQueueOfStatus,
  billingQueuePath,
  formatDate,
  formatMoney,
  shortenNumber,
} from '@bp/domain';
import {
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle, QueryStates } from '../../ui/index.ts';
import { NewBillButton } from '../bills/form/NewBillButton.tsx';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { type MetricCardSpec, MetricCards } from './MetricCards.tsx';
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

interface OrgDashboardPageProps {
  title: 'Manager Dashboard' | 'Associate Dashboard';
  intro: string;
}

/** /manager-dashboard and /associate-dashboard: the organisation's bills at a glance. */
export function OrgDashboardPage({ title, intro }: OrgDashboardPageProps) {
  const { organization } = useSession();
  return (
    <>
      <PageTitle actions={<NewBillButton />}>{title}</PageTitle>
      <PageIntro>{intro}</PageIntro>
      {organization ? (
        <OrgDashboard orgGuid={organization.guid} />
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
      intro="Bills waiting on your team, what is due and overdue, and what was paid."
    />
  );
}

export function AssociateDashboardPage() {
  return (
    <OrgDashboardPage
      title="Associate Dashboard"
      intro="Where your organization's bills stand: waiting, due, overdue and paid."
    />
  );
}

function OrgDashboard({ orgGuid }: { orgGuid: string }) {
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
    </>
  );
}

/** Count and amount per status, in workflow order, each status leading to its billing queue. */
function ByStatusTable({ metrics }: { metrics: SummaryMetrics }) {
  const rows = BILL_STATUS_VALUES.map(
    (status) => metrics.by_status.find((row) => row.status === status) ?? { status, count: 0, amount: 0 },
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
      <TableContainer>
        <Table size="small" aria-label="Bills by status">
          <TableHead>
            <TableRow>
              <TableCell>Status</TableCell>
              <TableCell align="right">Bills</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const queue = billingQueueOfStatus(row.status);
              const label = BILL_STATUS_LABELS[row.status];
              return (
                <TableRow key={row.status}>
                  <TableCell>
                    {queue ? (
                      <Link component={RouterLink} to={billingQueuePath(queue)}>
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </TableCell>
                  <TableCell align="right">{shortenNumber(row.count)}</TableCell>
                  <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** A bar per day with payments (width by amount), and the same figures in a table. */
function PaidByDate({ data }: { data: ByPaidDate }) {
  const days = data.results.filter((day) => day.count > 0);
  const largest = Math.max(...days.map((day) => day.amount), 1);
  return (
    <>
      <Box component="ul" aria-hidden sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
        {days.map((day) => (
          <Box
            component="li"
            key={day.date}
            sx={{
              display: 'grid',
              gridTemplateColumns: '6.5rem 1fr 8rem',
              gap: 1,
              alignItems: 'center',
              py: 0.25,
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {formatDate(day.date)}
            </Typography>
            <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, height: 12 }}>
              <Box
                sx={{
                  bgcolor: 'primary.main',
                  borderRadius: 1,
                  height: '100%',
                  width: `${Math.max(2, Math.round((day.amount / largest) * 100))}%`,
                }}
              />
            </Box>
            <Typography variant="body2" align="right">
              {formatMoney(day.amount)}
            </Typography>
          </Box>
        ))}
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Paid by date">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell align="right">Bills</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{formatDate(day.date)}</TableCell>
                <TableCell align="right">{shortenNumber(day.count)}</TableCell>
                <TableCell align="right">{formatMoney(day.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
