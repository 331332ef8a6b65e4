import type { ClientSummary } from '@bp/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Navigate } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { formatRole, initials } from '../shared/format.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { isMustAcceptTerms, useClientList } from './useClientList.ts';

const SERVICE_LABELS: Record<ClientSummary['service'], string> = {
  bill_pay: 'Bill Pay',
  family_office_accounting: 'Family Office Accounting',
};

export function SelectClientPage() {
  const session = useSession();
  const clients = useClientList();
  const currentGuid = session.client?.guid ?? null;

  // SPEC.md §4: until the terms are accepted the client list is refused; the terms page is the way on.
  if (clients.isError && isMustAcceptTerms(clients.error)) return <Navigate to="/terms-conditions" replace />;

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle>Select Client</PageTitle>
      <PageIntro>Choose the client whose bills you want to see.</PageIntro>
      {clients.isPending ? (
        <LoadingState label="Loading your clients…" />
      ) : clients.isError ? (
        <ErrorState message={apiErrorMessage(clients.error)} onRetry={() => void clients.refetch()} />
      ) : clients.data.results.length === 0 ? (
        <EmptyState title="No client is linked to your account.">Contact your provider team.</EmptyState>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Clients">
            {clients.data.results.map((client) => {
              const current = client.guid === currentGuid;
              return (
                <ListItemButton
                  key={client.guid}
                  divider
                  selected={current}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => session.selectClient(client)}
                >
                  <ListItemAvatar>
                    <Avatar sx={{ bgcolor: 'primary.main' }}>{initials(client.name)}</Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={client.name}
                    secondary={`${formatRole(client.role)} · ${SERVICE_LABELS[client.service]}`}
                  />
                  {current ? <Chip label="Current" color="primary" size="small" sx={{ ml: 2 }} /> : null}
                </ListItemButton>
              );
            })}
          </List>
        </Paper>
      )}
    </Box>
  );
}
