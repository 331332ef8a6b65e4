import { ALL_CLIENTS } from '@bp/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';
import { useOrgClient } from '../clients/useOrgClient.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { InboxEmailList } from './InboxEmailList.tsx';

/**
 * /clients/{clientGuid}/archived-pre-bills and /clients/all-clients/archived-pre-bills: the e-mails
 * archived or converted into bills, each (but the converted) with Unarchive.
 */
export function ArchivedPreBillsPage() {
  const { clientGuid = ALL_CLIENTS } = useParams();
  const { organization } = useSession();
  const everyClient = clientGuid === ALL_CLIENTS;
  const client = useOrgClient(organization?.guid ?? '', everyClient ? '' : clientGuid);
  return (
    <Box>
      <PageTitle
        actions={
          <Button component={RouterLink} to="/billing/pre-bill-inbox" startIcon={<ArrowBackIcon />}>
            Pre-bill inbox
          </Button>
        }
      >
        Archived Pre-Bills
      </PageTitle>
      {organization ? (
        <>
          <PageIntro>
            {everyClient ? 'Every client' : (client.data?.name ?? 'This client')}: e-mails archived or
            converted into bills.
          </PageIntro>
          <InboxEmailList
            organizationGuid={organization.guid}
            clientGuid={everyClient ? undefined : clientGuid}
            archived
          />
        </>
      ) : (
        <EmptyState title="No organization selected.">
          Choose an organization to see its pre-bills.
        </EmptyState>
      )}
    </Box>
  );
}
