import type { Commitment } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../../ui/index.ts';
import { useOrgClient } from '../../clients/useOrgClient.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { PageIntro } from '../../shared/PageIntro.tsx';
import { commitmentPagePath, useCommitment, useCommitmentClient } from '../commitment-api.ts';
import { CommitmentForm } from './CommitmentForm.tsx';
import { blankCommitmentForm, commitmentToForm, draftToForm } from './commitment-form-values.ts';

function Frame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Box>
      <PageTitle
        actions={
          <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
            Back
          </Button>
        }
      >
        {title}
      </PageTitle>
      {intro ? <PageIntro>{intro}</PageIntro> : null}
      {children}
    </Box>
  );
}

function NoOrganization({ title }: { title: string }) {
  return (
    <Frame title={title}>
      <EmptyState title="No organization selected.">
        Choose an organization to manage its commitments.
      </EmptyState>
    </Frame>
  );
}

/**
 * /commitments/commitment-form: a new commitment (`?client=` preselects the client) or, with
 * `?edit={commitmentId}` (and `?client=`, else read from the organisation's route), the edit of one.
 * Saving opens the commitment's page.
 */
export function CommitmentFormPage() {
  const [search] = useSearchParams();
  const { organization } = useSession();
  const editId = Number.parseInt(search.get('edit') ?? '', 10);
  const clientGuid = search.get('client') ?? '';
  if (!organization) return <NoOrganization title="New Commitment" />;
  if (Number.isInteger(editId) && editId > 0) {
    return <EditCommitment orgGuid={organization.guid} clientGuid={clientGuid} commitmentId={editId} />;
  }
  return <NewCommitment orgGuid={organization.guid} clientGuid={clientGuid} />;
}

function NewCommitment({ orgGuid, clientGuid }: { orgGuid: string; clientGuid: string }) {
  const navigate = useNavigate();
  const client = useOrgClient(orgGuid, clientGuid);
  return (
    <Frame
      title="New Commitment"
      intro="A recurring payment of one of your clients' entities: its bills are prepared from it on schedule."
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <CommitmentForm
          orgGuid={orgGuid}
          mode={{ kind: 'new' }}
          initial={blankCommitmentForm(clientGuid)}
          clientName={client.data?.name}
          onSaved={(saved) => void navigate(commitmentPagePath(saved.client.guid, saved.id))}
          onCancel={() => void navigate(-1)}
        />
      </Paper>
    </Frame>
  );
}

function EditCommitment({
  orgGuid,
  clientGuid,
  commitmentId,
}: {
  orgGuid: string;
  clientGuid: string;
  commitmentId: number;
}) {
  const navigate = useNavigate();
  const owner = useCommitmentClient(commitmentId, clientGuid);
  const commitment = useCommitment(owner.clientGuid, commitmentId);
  if (owner.missing) {
    return (
      <Frame title="Edit Commitment">
        <ErrorState message="This link has no client. Open the commitment from the Commitments list." />
      </Frame>
    );
  }
  return (
    <Frame title="Edit Commitment">
      {owner.error ? (
        <ErrorState message={apiErrorMessage(owner.error)} onRetry={owner.retry} />
      ) : commitment.isPending ? (
        <LoadingState label="Loading the commitment…" />
      ) : commitment.isError ? (
        <ErrorState message={apiErrorMessage(commitment.error)} onRetry={() => void commitment.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <CommitmentForm
            key={`${commitment.data.id}-${commitment.data.version}`}
            orgGuid={orgGuid}
            mode={{ kind: 'edit', commitment: commitment.data }}
            initial={commitmentToForm(commitment.data)}
            onSaved={(saved: Commitment) => void navigate(commitmentPagePath(saved.client.guid, saved.id))}
            onCancel={() => void navigate(-1)}
          />
        </Paper>
      )}
    </Frame>
  );
}

/**
 * /commitments/commitment-form/from-new-bill/{billGuid}?client={clientGuid}: the form prefilled from
 * the bill (GET .../commitments/from-bill/{billGuid}, which saves nothing); after the user checks and
 * confirms it, POST to the same from-bill route creates the commitment with the form's values (the
 * server links it to the bill's data; every field sent wins over its prefill).
 */
export function CommitmentFromBillPage() {
  const { billGuid = '' } = useParams();
  const [search] = useSearchParams();
  const clientGuid = search.get('client') ?? '';
  const { organization, api } = useSession();
  const navigate = useNavigate();
  const draft = useQuery({
    queryKey: ['commitments', 'from-bill', clientGuid, billGuid],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitmentsFromBill, {
        params: { clientGuid, billGuid },
        signal,
      }),
    enabled: clientGuid !== '' && billGuid !== '',
  });
  const client = useOrgClient(organization?.guid ?? '', clientGuid);
  if (!organization) return <NoOrganization title="New Commitment" />;
  return (
    <Frame
      title="New Commitment"
      intro="Prefilled from the bill: check the schedule and the expected amount, then create the commitment."
    >
      {clientGuid === '' ? (
        <ErrorState message="This link has no client. Open it from the bill's page." />
      ) : draft.isPending ? (
        <LoadingState label="Loading the bill…" />
      ) : draft.isError ? (
        <ErrorState message={apiErrorMessage(draft.error)} onRetry={() => void draft.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <CommitmentForm
            orgGuid={organization.guid}
            mode={{ kind: 'from-bill', billGuid }}
            initial={draftToForm(clientGuid, draft.data)}
            clientName={client.data?.name}
            onSaved={(saved) => void navigate(commitmentPagePath(saved.client.guid, saved.id))}
            onCancel={() => void navigate(-1)}
          />
        </Paper>
      )}
    </Frame>
  );
}

/**
 * /client-onboarding/commitments/commitment-form?client={clientGuid}: the same form within the
 * onboarding layout, for the client being onboarded; saving goes back to its checklist.
 */
export function OnboardingCommitmentFormPage() {
  const [search] = useSearchParams();
  const { organization } = useSession();
  const navigate = useNavigate();
  const clientGuid = search.get('client') ?? '';
  const client = useOrgClient(organization?.guid ?? '', clientGuid);
  if (!organization) return <NoOrganization title="New Commitment" />;
  const checklist = clientGuid ? `/client-onboarding/client/${encodeURIComponent(clientGuid)}` : null;
  return (
    <Frame
      title="New Commitment"
      intro={
        client.data
          ? `A recurring payment of ${client.data.name}, part of setting up its account.`
          : 'A recurring payment of the client being onboarded.'
      }
    >
      {clientGuid === '' ? (
        <ErrorState message="No client is being onboarded. Open this form from the client's onboarding checklist." />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <CommitmentForm
            orgGuid={organization.guid}
            mode={{ kind: 'new', lockClient: true }}
            initial={blankCommitmentForm(clientGuid)}
            clientName={client.data?.name}
            onSaved={() => (checklist ? void navigate(checklist) : void navigate(-1))}
            onCancel={() => void navigate(-1)}
          />
        </Paper>
      )}
    </Frame>
  );
}
