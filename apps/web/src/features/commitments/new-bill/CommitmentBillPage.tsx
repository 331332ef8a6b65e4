import type { Bill } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../../ui/index.ts';
import { apiErrorMessage, isApiError } from '../../shared/api-errors.ts';
import { COMMITMENTS_PAGE, commitmentPagePath, useCommitmentClient } from '../commitment-api.ts';
import { InstanceBillForm } from './InstanceBillForm.tsx';
import { CreatedBill } from './InstanceBillParts.tsx';

/**
 * /commitments/{commitmentId}/new-bill (the next unbilled payment) and
 * /commitments/{commitmentId}/new-bill/{commitmentBillId} (that payment, an instance guid), with
 * `?client=` (else the client is read from the organisation's route): the payment, a bill prefilled from generate-template whose amount staff may change, and
 * Create bill. The result says whether the bill was auto-approved (within the entity's allowed
 * difference from the expected amount) or sent for approval.
 */
export function CommitmentBillPage() {
  const { commitmentId = '', commitmentBillId } = useParams();
  const [search] = useSearchParams();
  const id = Number.parseInt(commitmentId, 10);
  const owner = useCommitmentClient(id, search.get('client') ?? '');
  const clientGuid = owner.clientGuid;
  const { api } = useSession();
  const valid = Number.isInteger(id) && id > 0 && !owner.missing;
  const template = useQuery({
    queryKey: ['commitments', 'template', clientGuid, id, commitmentBillId ?? 'next'],
    queryFn: () =>
      api.call(commitmentsRoutes.postBillingClientCommitmentGenerateTemplate, {
        params: { clientGuid, commitmentId: id },
        ...(commitmentBillId ? { query: { instance: commitmentBillId } } : {}),
      }),
    enabled: valid && clientGuid !== '',
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [created, setCreated] = useState<Bill | null>(null);

  const back = (
    <Button
      component={RouterLink}
      to={valid && clientGuid !== '' ? commitmentPagePath(clientGuid, id) : COMMITMENTS_PAGE}
      startIcon={<ArrowBackIcon />}
    >
      Commitment
    </Button>
  );

  let content: React.ReactNode;
  if (!valid) {
    content = <ErrorState message="This link is incomplete. Open the commitment and choose a payment." />;
  } else if (owner.error) {
    content = isApiError(owner.error, 404) ? (
      <ErrorState message="This commitment does not exist or is not one of your clients’." />
    ) : (
      <ErrorState message={apiErrorMessage(owner.error)} onRetry={owner.retry} />
    );
  } else if (template.isPending) {
    content = <LoadingState label="Preparing the bill…" />;
  } else if (template.isError) {
    content = isApiError(template.error, 404) ? (
      <EmptyState title="No payment to bill.">
        {apiErrorMessage(template.error)} Every scheduled payment of this commitment already has a bill, or it
        was skipped.
      </EmptyState>
    ) : (
      <ErrorState message={apiErrorMessage(template.error)} onRetry={() => void template.refetch()} />
    );
  } else if (created) {
    content = <CreatedBill bill={created} template={template.data} />;
  } else {
    content = <InstanceBillForm template={template.data} onCreated={setCreated} />;
  }

  return (
    <Box>
      <PageTitle actions={back}>New Commitment Bill</PageTitle>
      {content}
    </Box>
  );
}
