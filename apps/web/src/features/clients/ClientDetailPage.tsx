import { ApiError } from '@bp/api-client';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { ClientHeader } from './ClientHeader.tsx';
import { ClientTabs } from './ClientTabs.tsx';
import { useOrgClient } from './useOrgClient.ts';

// Its own chunk: the client list's page stays within its JavaScript budget (docs/performance.md).
const InboxAddressCard = lazy(() =>
  import('../inbox/InboxAddressCard.tsx').then((m) => ({ default: m.InboxAddressCard })),
);

/** /clients/{clientGuid}: one client of the organisation, its header and its records' tabs. */
export function ClientDetailPage() {
  const { clientGuid = '' } = useParams();
  const { organization } = useSession();
  const client = useOrgClient(organization?.guid ?? '', clientGuid);

  const back = (
    <Button component={RouterLink} to="/clients" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Clients
    </Button>
  );
  if (!organization) {
    return (
      <>
        <PageTitle>Client</PageTitle>
        <EmptyState title="No organization selected.">Choose an organization to see its clients.</EmptyState>
      </>
    );
  }
  if (client.isPending) return <LoadingState label="Loading the client…" />;
  if (client.isError) {
    const missing = client.error instanceof ApiError && client.error.status === 404;
    return (
      <Box>
        {back}
        <PageTitle>Client</PageTitle>
        {missing ? (
          <EmptyState title="Client not found.">It may have been removed, or the link is wrong.</EmptyState>
        ) : (
          <ErrorState message={apiErrorMessage(client.error)} onRetry={() => void client.refetch()} />
        )}
      </Box>
    );
  }
  return (
    <Box>
      {back}
      <ClientHeader orgGuid={organization.guid} client={client.data} />
      <Suspense fallback={null}>
        <InboxAddressCard clientGuid={client.data.guid} />
      </Suspense>
      <ClientTabs clientGuid={client.data.guid} />
    </Box>
  );
}
