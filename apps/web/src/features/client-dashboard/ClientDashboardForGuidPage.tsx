import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { useSessionState } from '../../session/session-state-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../ui/index.ts';
import { useOrgClient } from '../clients/useOrgClient.ts';
import { FinancialAccountsTable } from '../financial-accounts/FinancialAccountsTable.tsx';
import { FundingNotice, StaffFinancialData } from '../financial-accounts/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { ClientOverview } from './ClientOverview.tsx';
import { clientDashboardPath } from './paths.ts';
import { ReferrerPanels } from './ReferrerPanels.tsx';

/**
 * /client-dashboard/{clientGuid}: one client's dashboard for the organisation's staff, and for advisors and
 * family offices (SPEC §2, §6), who see it as the client's own users would, in the client's white label.
 */
export function ClientDashboardForGuidPage() {
  const { clientGuid = '' } = useParams();
  const { claims } = useSession();
  return claims?.type === 'bporg' ? (
    <StaffClientDashboard clientGuid={clientGuid} />
  ) : (
    <ClientUserClientDashboard clientGuid={clientGuid} />
  );
}

function StaffClientDashboard({ clientGuid }: { clientGuid: string }) {
  const { organization } = useSession();
  const client = useOrgClient(organization?.guid ?? '', clientGuid);
  if (client.isPending) return <LoadingState label="Loading the client…" />;
  if (client.isError)
    return <ErrorState message={apiErrorMessage(client.error)} onRetry={() => void client.refetch()} />;
  return (
    <>
      <PageTitle>{client.data.name}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        Client dashboard: what waits for the family, what is coming and what was paid.
      </Typography>
      <ClientOverview clientGuid={clientGuid} viewer={{ kind: 'staff' }} />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="staff-financial-accounts"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="staff-financial-accounts" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Financial accounts
        </Typography>
        <FundingNotice clientGuid={clientGuid} canRemind />
        <FinancialAccountsTable clientGuid={clientGuid} canRecord />
      </Paper>
      <StaffFinancialData clientGuid={clientGuid} />
    </>
  );
}

/**
 * Advisors and family offices open a client from their portfolio: the session's client becomes this one
 * (its white label, its bills and reports pages follow). A client that is not theirs shows nothing.
 */
function ClientUserClientDashboard({ clientGuid }: { clientGuid: string }) {
  const session = useSession();
  const { snapshot } = useSessionState();
  const known = snapshot.clients.find((c) => c.guid === clientGuid) ?? null;
  const selected = session.client?.guid === clientGuid ? session.client : null;
  useEffect(() => {
    if (!selected && known) session.selectClient(known, clientDashboardPath(clientGuid));
  }, [selected, known, session, clientGuid]);
  if (!known) {
    return (
      <>
        <PageTitle>Client Dashboard</PageTitle>
        <EmptyState title="This client is not one of yours.">Choose a client from your dashboard.</EmptyState>
      </>
    );
  }
  if (!selected) return <LoadingState label="Opening the client…" />;
  return (
    <>
      <PageTitle>{selected.name}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        What waits for approval, what is coming and what was paid.
      </Typography>
      <ClientOverview
        clientGuid={clientGuid}
        viewer={{ kind: 'client', role: selected.role, readOnly: snapshot.mode === 'advisor' }}
      />
      <ReferrerPanels referrer={selected.client_referrer} />
    </>
  );
}
