import { billWorkflowRoutes } from '@bp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { BILLS_KEY } from '../bills/shared/bills-key.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

/**
 * Approve one bill from the dashboard through the bulk approve call: the API decides eligibility exactly
 * as on the bill page (the same decideApprove: role, designee limits, excluded vendors, already approved),
 * and answers a refusal per bill, which is shown as it is.
 */
export function useApproveFromDashboard(clientGuid: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (billGuid: string) =>
      api.call(billWorkflowRoutes.postBillingClientBulkApproveReject, {
        params: { clientGuid },
        body: { bills: [billGuid], action: 'approve' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    onSuccess: (answer) => {
      const [row] = answer.results;
      if (row?.ok) toast.success('Bill approved.');
      else toast.error(row?.detail ?? 'The bill could not be approved.');
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLS_KEY }),
  });
}
