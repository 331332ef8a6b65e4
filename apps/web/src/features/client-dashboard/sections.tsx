import type { BillSummary, Commitment } from '@bp/contracts';
import { CLIENT_APPROVER_ROLES, COMMITMENT_CATEGORY_LABELS, formatDate, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { compactMoneyTick, StackedBarChart } from '../../ui/charts/index.tsx';
import { EmptyState, ErrorState, LoadingState, QueryStates } from '../../ui/index.ts';
import { clientBillsPath } from '../bill-lists/bill-lists.ts';
import { useBillList } from '../bills/shared/bill-api.ts';
// Direct module imports, not the features' index files (which re-export their pages): /dashboard's chunk
// stays within its budget (apps/web/scripts/check-bundle.mjs).
import { useCommitmentList, useForecast } from '../commitments/commitment-api.ts';
import { monthLabel } from '../commitments/display.tsx';
import { useMessageList } from '../messages/useMessages.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useApproveFromDashboard } from './useApproveFromDashboard.ts';

/** Rows each list shows on the dashboard; the full lists are a link away. */
export const DASHBOARD_ROWS = 5;
/** Months of the cash-outflow chart: this one and the five after it. */
export const OUTFLOW_CHART_MONTHS = 6;

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** May this place on the client approve bills at all? (The API still decides each bill.) */
export function mayApprove(role: string | null, readOnly: boolean): boolean {
  return !readOnly && role !== null && (CLIENT_APPROVER_ROLES as readonly string[]).includes(role);
}

function billLine(bill: BillSummary) {
  return `${bill.vendor.name} · ${bill.entity.nickname}`;
}

/** Bills waiting on the client's approval, soonest due first, with Approve where the user may approve. */
export function AwaitingApproval({
  clientGuid,
  canApprove,
  billPath,
  showListLink,
}: {
  clientGuid: string;
  canApprove: boolean;
  billPath: (billGuid: string) => string;
  /** The client's own bill lists (/bills/...): client users only. */
  showListLink: boolean;
}) {
  const bills = useBillList(
    { clientGuid },
    { client_list: 'client-pre-bill', ordering: 'due_date', page_size: DASHBOARD_ROWS },
  );
  const approve = useApproveFromDashboard(clientGuid);
  return (
    <Section id="dashboard-awaiting" title="Waiting for approval">
      <QueryStates
        query={bills}
        loadingLabel="Loading bills waiting for approval…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="No bills are waiting for approval." />}
      >
        {(data) => (
          <List dense aria-label="Bills waiting for approval">
            {data.results.map((bill) => (
              <ListItem
                key={bill.guid}
                disableGutters
                secondaryAction={
                  canApprove ? (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={approve.isPending}
                      onClick={() => approve.mutate(bill.guid)}
                      aria-label={`Approve ${bill.vendor.name} ${formatMoney(bill.amount)}`}
                    >
                      Approve
                    </Button>
                  ) : null
                }
                sx={{ pr: canApprove ? 12 : 0 }}
              >
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={billPath(bill.guid)}>
                      {billLine(bill)}
                    </Link>
                  }
                  secondary={`${formatMoney(bill.amount)} · due ${formatDate(bill.due_date)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryStates>
      {showListLink ? (
        <Link component={RouterLink} to={clientBillsPath(undefined, 'client-pre-bill')}>
          See every bill awaiting approval
        </Link>
      ) : null}
    </Section>
  );
}

function commitmentLine(c: Commitment) {
  const amount = c.expected_amount === null ? 'Variable amount' : formatMoney(c.expected_amount);
  return `${amount} · ${COMMITMENT_CATEGORY_LABELS[c.category]} · due ${c.next_due_date ? formatDate(c.next_due_date) : '—'}`;
}

/** Active commitments by their next due date. */
export function UpcomingCommitments({ clientGuid }: { clientGuid: string }) {
  const list = useCommitmentList({ clientGuid }, { ordering: 'next_due_date', page_size: DASHBOARD_ROWS });
  return (
    <Section id="dashboard-commitments" title="Upcoming commitments">
      <QueryStates
        query={list}
        loadingLabel="Loading commitments…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.filter((c) => c.next_due_date).length === 0}
        empty={<EmptyState title="No upcoming commitments." />}
      >
        {(data) => (
          <List dense aria-label="Upcoming commitments">
            {data.results
              .filter((c) => c.next_due_date)
              .map((c) => (
                <ListItem key={c.guid} disableGutters>
                  <ListItemText primary={c.vendor.name} secondary={commitmentLine(c)} />
                </ListItem>
              ))}
          </List>
        )}
      </QueryStates>
    </Section>
  );
}

const OUTFLOW_SERIES = [
  { key: 'committed', label: 'Committed', color: '#2B388D' },
  { key: 'paid', label: 'Paid', color: '#2E7D32' },
];

/** Committed and paid outflow of the coming months (the commitments forecast), chart and figures. */
export function CashOutflowChart({ clientGuid }: { clientGuid: string }) {
  const { outflow } = useForecast(clientGuid, 'all-entities');
  let body: ReactNode;
  if (outflow.isPending) body = <LoadingState label="Loading the cash outflow…" />;
  else if (outflow.isError)
    body = <ErrorState message={apiErrorMessage(outflow.error)} onRetry={() => void outflow.refetch()} />;
  else {
    const months = outflow.data.months.slice(0, OUTFLOW_CHART_MONTHS);
    const total = months.reduce((n, m) => n + m.committed, 0);
    body = (
      <>
        <StackedBarChart
          title="Cash outflow by month"
          series={OUTFLOW_SERIES}
          bars={months.map((m) => ({
            key: m.month,
            label: monthLabel(m.month),
            values: { committed: m.committed, paid: m.paid },
          }))}
          formatValue={formatMoney}
          formatTick={compactMoneyTick}
          height={220}
          emptyText="No commitments fall due in these months."
        />
        <Typography variant="body2" color="text.secondary" data-testid="outflow-total">
          Committed over the next {OUTFLOW_CHART_MONTHS} months: {formatMoney(total)}
        </Typography>
      </>
    );
  }
  return (
    <Section id="dashboard-outflow" title="Cash outflow">
      {body}
    </Section>
  );
}

/** The last bills paid. */
export function RecentPayments({ clientGuid }: { clientGuid: string }) {
  const bills = useBillList(
    { clientGuid },
    { client_list: 'paid', ordering: '-due_date', page_size: DASHBOARD_ROWS },
  );
  return (
    <Section id="dashboard-payments" title="Recent payments">
      <QueryStates
        query={bills}
        loadingLabel="Loading payments…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="No bills paid yet." />}
      >
        {(data) => (
          <List dense aria-label="Recent payments">
            {data.results.map((bill) => (
              <ListItem key={bill.guid} disableGutters>
                <ListItemText
                  primary={billLine(bill)}
                  secondary={`${formatMoney(bill.amount)} · paid ${bill.paid_date ? formatDate(bill.paid_date) : '—'}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryStates>
    </Section>
  );
}

/** Unread messages on the client's bills. */
export function UnreadMessages({
  clientGuid,
  billPath,
}: {
  clientGuid: string;
  billPath: (billGuid: string) => string;
}) {
  const messages = useMessageList({ kind: 'client', clientGuid }, true);
  const unread = (messages.data?.pages ?? []).flatMap((page) => page.results).filter((m) => m.unread);
  let body: ReactNode;
  if (messages.isPending) body = <LoadingState label="Loading messages…" />;
  else if (messages.isError)
    body = <ErrorState message={apiErrorMessage(messages.error)} onRetry={() => void messages.refetch()} />;
  else if (unread.length === 0) body = <EmptyState title="No unread messages." />;
  else
    body = (
      <List dense aria-label="Unread messages">
        {unread.slice(0, DASHBOARD_ROWS).map((m) => (
          <ListItem key={m.guid} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={billPath(m.bill.guid)}>
                  {m.from_user ? `${m.from_user.first_name} ${m.from_user.last_name}` : 'Your provider team'}
                </Link>
              }
              secondary={m.body.length > 120 ? `${m.body.slice(0, 120)}…` : m.body}
            />
          </ListItem>
        ))}
      </List>
    );
  return (
    <Section id="dashboard-messages" title="Unread messages">
      <Stack spacing={1}>{body}</Stack>
    </Section>
  );
}
