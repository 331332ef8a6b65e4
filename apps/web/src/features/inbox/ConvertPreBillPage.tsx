import { ApiError } from '@bp/api-client';
import { type InboxEmail, inboxRoutes } from '@bp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../ui/index.ts';
import { BillForm } from '../bills/form/BillForm.tsx';
import { billPagePath } from '../bills/shared/bill-api.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { AttachmentPreview } from './AttachmentPreview.tsx';
import {
  archivedPreBillsPath,
  prefillAttachmentOf,
  useInboxEmail,
  useInvalidateInbox,
  usePrefill,
} from './inbox-api.ts';
import { prefillForm } from './prefill-values.ts';

const INBOX_PATH = '/billing/pre-bill-inbox';

/** /clients/{clientGuid}/convert-pre-bill/{emailGuid}: the e-mail beside the bill form, prefilled. */
export function ConvertPreBillPage() {
  const { clientGuid = '', emailGuid = '' } = useParams();
  const email = useInboxEmail(clientGuid, emailGuid);
  const back = (
    <Button component={RouterLink} to={INBOX_PATH} startIcon={<ArrowBackIcon />}>
      Pre-bill inbox
    </Button>
  );
  return (
    <Box>
      <PageTitle actions={back}>Convert Pre-Bill</PageTitle>
      {email.isPending ? (
        <LoadingState label="Loading the e-mail…" />
      ) : email.isError ? (
        email.error instanceof ApiError && email.error.status === 404 ? (
          <EmptyState title="E-mail not found.">
            It may belong to another client, or the link is wrong.
          </EmptyState>
        ) : (
          <ErrorState message={apiErrorMessage(email.error)} onRetry={() => void email.refetch()} />
        )
      ) : email.data.bill ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={billPagePath(clientGuid, email.data.bill)}>
              Open the bill
            </Button>
          }
        >
          This e-mail has already been converted into a bill.
        </Alert>
      ) : email.data.archived_at ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={archivedPreBillsPath(clientGuid)}>
              Archived pre-bills
            </Button>
          }
        >
          This e-mail is archived. Bring it back to the inbox to convert it.
        </Alert>
      ) : (
        <ConvertScreen email={email.data} />
      )}
    </Box>
  );
}

function ConvertScreen({ email }: { email: InboxEmail }) {
  const { api } = useSession();
  const navigate = useNavigate();
  const invalidateInbox = useInvalidateInbox();
  const source = prefillAttachmentOf(email);
  const prefill = usePrefill(email, source);
  const offered = email.attachments.filter((a) => a.convertible);
  const [chosen, setChosen] = useState<string[]>(offered.map((a) => a.guid));
  const clientGuid = email.client.guid;

  const notice = prefill.isError
    ? `Nothing could be read from the attachment. ${apiErrorMessage(prefill.error)}`
    : source === null
      ? "This e-mail has no file that can become a bill's, so nothing is proposed."
      : (prefill.data?.message ?? null);
  const ready = source === null || !prefill.isPending;
  const start = ready ? prefillForm(email, prefill.data ?? null) : null;

  return (
    <>
      <PageIntro>
        {email.client.name} · from {email.from_name ?? email.from_address ?? 'an upload'} ·{' '}
        {email.subject || '(no subject)'}
      </PageIntro>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="E-mail">
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              Attachments
            </Typography>
            <AttachmentPreview email={email} initial={source} />
            {email.preview ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {email.preview}
              </Typography>
            ) : null}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            {offered.length > 0 ? (
              <FormGroup sx={{ mb: 2 }} aria-labelledby="convert-files">
                <FormLabel id="convert-files">Files the bill keeps</FormLabel>
                {offered.map((file) => (
                  <FormControlLabel
                    key={file.guid}
                    label={file.file_name}
                    control={
                      <Checkbox
                        checked={chosen.includes(file.guid)}
                        onChange={(event) =>
                          setChosen(
                            event.target.checked
                              ? [...chosen, file.guid]
                              : chosen.filter((g) => g !== file.guid),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            ) : null}
            {start ? (
              <BillForm
                clientGuid={clientGuid}
                initialValues={start.values}
                proposals={start.proposals}
                proposalNotice={notice}
                saveNew={(body) =>
                  api.call(inboxRoutes.postInboxClientEmailConvert, {
                    params: { clientGuid, emailGuid: email.guid },
                    body: { ...body, attachments: chosen },
                  })
                }
                onSaved={(bill) => {
                  void invalidateInbox();
                  void navigate(billPagePath(clientGuid, bill.guid));
                }}
                onCancel={() => void navigate(INBOX_PATH)}
              />
            ) : (
              <LoadingState label="Reading the attachment…" />
            )}
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
