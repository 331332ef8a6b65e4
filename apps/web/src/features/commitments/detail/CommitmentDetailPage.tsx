import type { Commitment } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { ConfirmDialog, ErrorState, LoadingState, PageTitle, useToast } from '../../../ui/index.ts';
import { apiErrorMessage, isApiError } from '../../shared/api-errors.ts';
import {
  COMMITMENTS_PAGE,
  commitmentEditPagePath,
  commitmentKey,
  commitmentNewBillPagePath,
  useCommitment,
  useCommitmentClient,
  useInvalidateCommitments,
} from '../commitment-api.ts';
import {
  CommitmentBillsSection,
  CommitmentDetails,
  CommitmentNotesSection,
  CommitmentTrackerSection,
} from './CommitmentParts.tsx';

type Action = 'archive' | 'unarchive' | 'autopay';

/**
 * /commitments/{commitmentId}[?client={clientGuid}] (staff): the commitment's details with Edit,
 * Archive (asks first), Unarchive and Mark as autopay; its tracker, bills and notes. Without
 * `?client=` the client is read from the organisation's route.
 * The client's cash outflow is on /commitments filtered to the client.
 */
export function CommitmentDetailPage() {
  const { commitmentId = '' } = useParams();
  const [search] = useSearchParams();
  const id = Number.parseInt(commitmentId, 10);
  const owner = useCommitmentClient(id, search.get('client') ?? '');
  const commitment = useCommitment(owner.clientGuid, id);
  const back = (
    <Button component={RouterLink} to={COMMITMENTS_PAGE} startIcon={<ArrowBackIcon />}>
      Commitments
    </Button>
  );

  if (!Number.isInteger(id) || id <= 0 || owner.missing) {
    return (
      <Box>
        <PageTitle actions={back}>Commitment</PageTitle>
        <ErrorState message="This commitment link is incomplete. Open the commitment from the Commitments list." />
      </Box>
    );
  }
  const error = owner.error ?? commitment.error;
  if (error) {
    return (
      <Box>
        <PageTitle actions={back}>Commitment</PageTitle>
        <ErrorState
          message={
            isApiError(error, 404)
              ? 'This commitment does not exist or is not one of your clients’.'
              : apiErrorMessage(error)
          }
          onRetry={() => (owner.error ? owner.retry() : void commitment.refetch())}
        />
      </Box>
    );
  }
  if (!commitment.data) {
    return (
      <Box>
        <PageTitle actions={back}>Commitment</PageTitle>
        <LoadingState label="Loading the commitment…" />
      </Box>
    );
  }
  return <CommitmentScreen commitment={commitment.data} back={back} />;
}

function CommitmentScreen({ commitment, back }: { commitment: Commitment; back: React.ReactNode }) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCommitments();
  const [asking, setAsking] = useState<Action | null>(null);
  const client = commitment.client.guid;

  const act = useMutation({
    mutationFn: async (action: Action): Promise<Commitment | null> => {
      const body = { version: commitment.version };
      const params = { clientGuid: client, commitmentId: commitment.id };
      if (action === 'archive') {
        const answer = await api.call(commitmentsRoutes.deleteBillingClientCommitment, { params, body });
        return answer ?? null;
      }
      const route =
        action === 'unarchive'
          ? commitmentsRoutes.postBillingClientCommitmentUnarchive
          : commitmentsRoutes.postBillingClientCommitmentCreateAutopay;
      return api.call(route, { params, body });
    },
    onSuccess: async (result, action) => {
      setAsking(null);
      if (result && typeof result === 'object' && 'id' in result) {
        queryClient.setQueryData(commitmentKey(client, commitment.id), result);
      }
      toast.success(
        action === 'archive'
          ? 'Commitment archived.'
          : action === 'unarchive'
            ? 'Commitment unarchived.'
            : 'Marked as autopay: its payments are tracked, not paid by your team.',
      );
      await invalidate();
    },
    onError: (error) => {
      setAsking(null);
      toast.error(
        isApiError(error, 409)
          ? 'The commitment was changed by someone else. Reload the page and try again.'
          : apiErrorMessage(error),
      );
    },
  });

  const title = `${commitment.vendor.name} commitment`;
  return (
    <Box>
      <PageTitle actions={back}>{title}</PageTitle>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 3, flexWrap: 'wrap', alignItems: 'center' }}
        role="group"
        aria-label="Commitment actions"
      >
        {commitment.archived ? <Chip label="Archived" color="default" /> : null}
        {commitment.autopay ? <Chip label="Autopay" color="secondary" /> : null}
        <Box sx={{ flexGrow: 1 }} />
        {commitment.archived ? (
          <Button variant="outlined" onClick={() => act.mutate('unarchive')} loading={act.isPending}>
            Unarchive
          </Button>
        ) : (
          <>
            {!commitment.autopay ? (
              <Button
                variant="contained"
                component={RouterLink}
                to={commitmentNewBillPagePath(client, commitment.id)}
              >
                New bill
              </Button>
            ) : null}
            <Button
              variant="outlined"
              component={RouterLink}
              to={commitmentEditPagePath(client, commitment.id)}
            >
              Edit
            </Button>
            {!commitment.autopay ? (
              <Button variant="outlined" onClick={() => setAsking('autopay')}>
                Mark as autopay
              </Button>
            ) : null}
            <Button variant="outlined" color="error" onClick={() => setAsking('archive')}>
              Archive
            </Button>
          </>
        )}
      </Stack>
      {commitment.archived ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Archived: no new payments are scheduled. Unarchive it to schedule them again.
        </Alert>
      ) : null}

      <CommitmentDetails commitment={commitment} />
      <CommitmentTrackerSection commitment={commitment} />
      <CommitmentBillsSection commitment={commitment} />
      <CommitmentNotesSection commitment={commitment} />

      <ConfirmDialog
        open={asking === 'archive'}
        title="Archive this commitment?"
        confirmLabel="Archive"
        destructive
        pending={act.isPending}
        onConfirm={() => act.mutate('archive')}
        onClose={() => setAsking(null)}
      >
        {commitment.vendor.name} for {commitment.entity.nickname} stops being scheduled: no new payments are
        generated and it leaves the cash outflow. Bills already made stay as they are. You can unarchive it
        later.
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'autopay'}
        title="Mark as autopay?"
        confirmLabel="Mark as autopay"
        pending={act.isPending}
        onConfirm={() => act.mutate('autopay')}
        onClose={() => setAsking(null)}
      >
        The vendor collects these payments by autopay: they stay in the tracker and the cash outflow, but your
        team no longer creates bills for them.
      </ConfirmDialog>
    </Box>
  );
}
