import { ApiError } from '@bp/api-client';
import { type ClientSummary, clientsRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApp } from '../app-context.tsx';
import { MOBILE_KEYS } from '../session/keys.ts';

/** The client list's page 1 (SPEC §9); retried up to 3 times, never on must_accept_terms (SPEC §5). */
export function useClients({ enabled = true }: { enabled?: boolean } = {}) {
  const { session } = useApp();
  return useQuery({
    queryKey: ['clients'],
    // Only client users have clients of their own (staff reach clients through their organisation).
    enabled,
    queryFn: () => session.api.call(clientsRoutes.getAccountsClients, { query: { page: 1, page_size: 100 } }),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.code === 'must_accept_terms') && failures < 3,
  });
}

/**
 * The client the person works on: the one they chose (kept in the secure store), or the only one.
 * Null while several exist and none is chosen.
 */
export function useSelectedClient(clients: ClientSummary[] | undefined) {
  const { session } = useApp();
  const [chosen, setChosen] = useState(() => session.storage.getItem(MOBILE_KEYS.clientGuid));
  const choose = useCallback(
    (guid: string) => {
      session.storage.setItem(MOBILE_KEYS.clientGuid, guid);
      setChosen(guid);
    },
    [session],
  );
  const selected =
    clients?.find((c) => c.guid === chosen) ?? (clients?.length === 1 ? (clients[0] ?? null) : null);
  return { selected, choose };
}

/** What a failed client list means for the person, in their words. */
export function clientListProblem(error: unknown): string {
  if (error instanceof ApiError && error.code === 'must_accept_terms') {
    return 'Accept the terms and conditions on the BillPay website first, then come back to the app.';
  }
  return error instanceof Error ? error.message : 'The client list could not be loaded.';
}
