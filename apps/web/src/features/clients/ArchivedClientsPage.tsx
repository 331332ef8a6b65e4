import { CLIENT_SERVICE_LABELS, CLIENT_SERVICE_VALUES, isOneOf } from '@bp/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';
import { ArchivedClientList } from './ArchivedClientList.tsx';

/** /clients/archived/client-list/{clientType}: the archived clients of one service, with Unarchive. */
export function ArchivedClientsPage() {
  const { clientType = '' } = useParams();
  const { organization } = useSession();
  const known = isOneOf(CLIENT_SERVICE_VALUES, clientType);
  const title = known ? `Archived ${CLIENT_SERVICE_LABELS[clientType]} Clients` : 'Archived Clients';
  return (
    <Box>
      <PageTitle
        actions={
          <Button component={RouterLink} to="/clients" startIcon={<ArrowBackIcon />}>
            All clients
          </Button>
        }
      >
        {title}
      </PageTitle>
      {!known ? (
        <EmptyState title="Unknown service.">
          Archived lists exist for Bill Pay (bill_pay) and Family Office Accounting
          (family_office_accounting).
        </EmptyState>
      ) : organization ? (
        <ArchivedClientList orgGuid={organization.guid} service={clientType} />
      ) : (
        <EmptyState title="No organization selected.">Choose an organization to see its clients.</EmptyState>
      )}
    </Box>
  );
}
