import { type OnboardingChecklist, onboardingRoutes } from '@bp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../session/session-context.ts';

export const checklistKey = (clientGuid: string) => ['onboarding', 'checklist', clientGuid] as const;

/** The checklist of one client: every step's status as the API computed it from the saved records. */
export function useChecklist(clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: checklistKey(clientGuid),
    queryFn: ({ signal }) =>
      api.call(onboardingRoutes.getAccountsClientOnboarding, { params: { clientGuid }, signal }),
    enabled: clientGuid !== '',
  });
}

/** Puts a fresh checklist (the answer of every onboarding write) in the cache. */
export function useSetChecklist(clientGuid: string) {
  const queryClient = useQueryClient();
  return (checklist: OnboardingChecklist) => queryClient.setQueryData(checklistKey(clientGuid), checklist);
}

/**
 * The steps reuse the record tabs (documents, contacts, app users...), which save through their own
 * mutations: whenever any mutation succeeds, the checklist is read again, so its chips follow the records.
 */
export function useRefreshOnSavedRecords(clientGuid: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: checklistKey(clientGuid) });
        }
      }),
    [queryClient, clientGuid],
  );
}
