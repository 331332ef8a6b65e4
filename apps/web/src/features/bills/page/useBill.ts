import { billsRoutes } from '@bp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { BILLS_KEY, billQueryKey } from '../shared/bill-api.ts';
import { isStatus } from './api.ts';

export function useBill(clientGuid: string, billGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: billQueryKey(clientGuid, billGuid),
    queryFn: ({ signal }) =>
      api.call(billsRoutes.getBillingClientBill, { params: { clientGuid, billGuid }, signal }),
    enabled: clientGuid !== '' && billGuid !== '',
    // A missing bill stays missing; other failures get one more try.
    retry: (count, error) => !isStatus(error, 404) && !isStatus(error, 403) && count < 1,
  });
}

/**
 * Refetches the bill and everything under it (events, tasks, messages...), and marks every other
 * bill query (queues, counts, lists) stale since the bill may have moved between them.
 */
export function useRefreshBill(clientGuid: string, billGuid: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: billQueryKey(clientGuid, billGuid) });
    await queryClient.invalidateQueries({ queryKey: BILLS_KEY, refetchType: 'none' });
  }, [queryClient, clientGuid, billGuid]);
}
