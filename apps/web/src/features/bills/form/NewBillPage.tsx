import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { ErrorState, LoadingState, PageTitle } from '../../../ui/index.ts';
import { useOrgClient } from '../../clients/useOrgClient.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { PageIntro } from '../../shared/PageIntro.tsx';
import { billPagePath } from '../shared/bill-api.ts';
import { BillForm } from './BillForm.tsx';

/** /clients/{clientGuid}/new-bill: staff enter a bill for a client, then land on its page. */
export function NewBillPage() {
  const { clientGuid = '' } = useParams();
  const { organization } = useSession();
  const navigate = useNavigate();
  const client = useOrgClient(organization?.guid ?? '', clientGuid);
  const back = () => void navigate(-1);

  return (
    <Box>
      <PageTitle
        actions={
          <Button startIcon={<ArrowBackIcon />} onClick={back}>
            Back
          </Button>
        }
      >
        New Bill
      </PageTitle>
      {client.isPending && organization ? (
        <LoadingState label="Loading the client…" />
      ) : client.isError ? (
        <ErrorState message={apiErrorMessage(client.error)} onRetry={() => void client.refetch()} />
      ) : (
        <>
          <PageIntro>
            {client.data ? `A bill to pay for ${client.data.name}. ` : ''}Save it as a draft in the pre-bill
            inbox, or submit it for approval.
          </PageIntro>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <BillForm
              clientGuid={clientGuid}
              onSaved={(bill) => void navigate(billPagePath(clientGuid, bill.guid))}
              onCancel={back}
            />
          </Paper>
        </>
      )}
    </Box>
  );
}
