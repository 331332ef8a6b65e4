import { financialAccountsRoutes, type RecordBalanceRequest } from '@bp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

const key = (clientGuid: string) => ['accounts', 'financial-accounts', clientGuid] as const;

export function useFinancialAccounts(clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: key(clientGuid),
    queryFn: ({ signal }) =>
      api.call(financialAccountsRoutes.getAccountsClientFinancialAccounts, {
        params: { clientGuid },
        signal,
      }),
    enabled: clientGuid !== '',
  });
}

/** Staff: POST a balance entered by hand; the list is read again after. */
export function useRecordBalance(clientGuid: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ institutionGuid, body }: { institutionGuid: string; body: RecordBalanceRequest }) =>
      api.call(financialAccountsRoutes.postAccountsClientFinancialAccountBalances, {
        params: { clientGuid, institutionGuid },
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(clientGuid) }),
  });
}
