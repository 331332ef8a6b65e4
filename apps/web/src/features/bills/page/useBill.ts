import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { BILLS_KEY, billPageQuery, billQueryKey } from '../shared/bill-api.ts';

export function useBill(clientGuid: string, billGuid: string) {
  const { api } = useSession();
  return useQuery({
    ...billPageQuery(api, clientGuid, billGuid),
    enabled: clientGuid !== '' && billGuid !== '',
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
