import type { Portfolio, PortfolioClient } from '@bp/contracts';
import { CLIENT_SERVICE_SHORT_LABELS, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../session/session-context.ts';
import { useSessionState } from '../../session/session-state-context.ts';
import { type DataColumn, DataTable, EmptyState, PageTitle, QueryStates } from '../../ui/index.ts';
import { clientDashboardPath } from '../client-dashboard/paths.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { needsAttention } from './needs-attention.ts';
import { type PortfolioAudience, usePortfolio } from './usePortfolio.ts';

const TEXT: Record<PortfolioAudience, { title: string; intro: string; label: string }> = {
  advisor: {
    title: 'Wealth Advisor Dashboard',
    intro: 'The families you advise: their onboarding, the bills waiting on them and what is coming.',
    label: 'Families you advise',
  },
  family_office: {
    title: 'Family Office Dashboard',
    intro: 'The families you serve: their onboarding, the bills waiting on them and what is coming.',
    label: 'Families you serve',
  },
};

/** Opens a client: it becomes the session's client (white label, bills, reports) on its dashboard. */
function useOpenClient() {
  const session = useSession();
  const { snapshot } = useSessionState();
  return (guid: string) => {
    const known = snapshot.clients.find((c) => c.guid === guid);
    if (known) session.selectClient(known, clientDashboardPath(guid));
  };
}

function columns(open: (guid: string) => void): DataColumn<PortfolioClient>[] {
  return [
    { key: 'name', header: 'Family', rowHeader: true, render: (c) => c.name },
    { key: 'service', header: 'Service', render: (c) => CLIENT_SERVICE_SHORT_LABELS[c.service] },
    {
      key: 'onboarding',
      header: 'Onboarding',
      render: (c) =>
        c.is_onboarding_completed ? (
          <Chip size="small" label="Completed" color="success" variant="outlined" />
        ) : (
          <Chip size="small" label="Not completed" color="warning" variant="outlined" />
        ),
    },
    {
      key: 'waiting',
      header: 'Bills waiting',
      align: 'right',
      render: (c) => `${c.bills_waiting.count} · ${formatMoney(c.bills_waiting.amount)}`,
    },
    {
      key: 'overdue',
      header: 'Approvals overdue',
      align: 'right',
      render: (c) =>
        c.approvals_overdue.count
          ? `${c.approvals_overdue.count} · ${formatMoney(c.approvals_overdue.amount)}`
          : '0',
    },
    {
      key: 'outflow',
      header: 'Outflow, next 3 months',
      align: 'right',
      render: (c) => formatMoney(c.cash_outflow_next_3_months),
    },
    { key: 'reports', header: 'Reports', align: 'right', render: (c) => String(c.reports_count) },
    {
      key: 'investments',
      header: 'Investments',
      align: 'right',
      render: (c) => formatMoney(c.investments_total),
    },
    {
      key: 'funding',
      header: 'Funding required',
      align: 'right',
      render: (c) => (c.funding_required > 0 ? formatMoney(c.funding_required) : '—'),
    },
    {
      key: 'open',
      header: 'Open',
      render: (c) => (
        <Button size="small" onClick={() => open(c.guid)} aria-label={`Open ${c.name}`}>
          Open
        </Button>
      ),
    },
  ];
}

function Totals({ data }: { data: Portfolio }) {
  const cards = [
    { label: 'Families', value: String(data.totals.clients) },
    {
      label: 'Bills waiting',
      value: `${data.totals.bills_waiting.count} · ${formatMoney(data.totals.bills_waiting.amount)}`,
    },
    {
      label: 'Approvals overdue',
      value: `${data.totals.approvals_overdue.count} · ${formatMoney(data.totals.approvals_overdue.amount)}`,
    },
    { label: 'Outflow, next 3 months', value: formatMoney(data.totals.cash_outflow_next_3_months) },
    { label: 'Investments', value: formatMoney(data.totals.investments_total) },
    { label: 'Funding required', value: formatMoney(data.totals.funding_required) },
  ];
  return (
    <Box
      component="dl"
      aria-label="Portfolio totals"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        m: 0,
        mb: 3,
      }}
    >
      {cards.map((card) => (
        <Paper key={card.label} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {card.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`total-${card.label}`}>
            {card.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function Attention({ data, open }: { data: Portfolio; open: (guid: string) => void }) {
  const items = needsAttention(data.results);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="needs-attention"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="needs-attention" variant="h6" component="h2" sx={{ mb: 1 }}>
        Needs attention
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">
          Nothing needs your attention: no overdue approvals, every family onboarded.
        </Typography>
      ) : (
        <List dense aria-label="Families needing attention">
          {items.map((item) => (
            <ListItem
              key={`${item.client.guid}-${item.reason}`}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => open(item.client.guid)}
                  aria-label={`Open ${item.client.name}: ${item.reason}`}
                >
                  Open
                </Button>
              }
            >
              <ListItemText primary={item.client.name} secondary={item.reason} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/**
 * /wealth-advisor-dashboard and /family-admin-dashboard (SPEC §2, §6): the portfolio of families with
 * totals, who needs attention, and a way into each client's dashboard. The wealth advisor's is never in a
 * client's white label (SPEC §1; app/theme/white-label.ts).
 */
export function PortfolioPage({ audience }: { audience: PortfolioAudience }) {
  const portfolio = usePortfolio(audience);
  const open = useOpenClient();
  const text = TEXT[audience];
  return (
    <>
      <PageTitle>{text.title}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {text.intro}
      </Typography>
      <QueryStates
        query={portfolio}
        loadingLabel="Loading your families…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No families are linked to you yet.">
            Your provider team links the families you serve.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <Totals data={data} />
            <Attention data={data} open={open} />
            <DataTable
              label={text.label}
              columns={columns(open)}
              rowKey={(c) => c.guid}
              rows={data.results}
            />
          </>
        )}
      </QueryStates>
    </>
  );
}

export function WealthAdvisorDashboardPage() {
  return <PortfolioPage audience="advisor" />;
}

export function FamilyAdminDashboardPage() {
  return <PortfolioPage audience="family_office" />;
}
