import {
  bankFeedsRoutes,
  bankMatchingRoutes,
  entitiesRoutes,
  investmentsRoutes,
  jobsRoutes,
  type MatchState,
} from '@bp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

/** Query keys of the financial-data screens (decision 036): one root per client, so a change re-reads all. */
const root = (clientGuid: string) => ['findata', clientGuid] as const;

/** Reads of the linked banks while a first sync runs: 1.5 s apart, for ten minutes at most. */
const FIRST_SYNC_POLL_MS = 1500;
const FIRST_SYNC_POLLS = 400;

export function useBankFeeds(clientGuid: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...root(clientGuid), 'feeds'],
    queryFn: ({ signal }) =>
      api.call(bankFeedsRoutes.getAggregatorAccounts, { params: { clientGuid }, signal }),
    // A new link's history comes in on the job runner (decision 037): read again until it is in. Not
    // for ever: a first sync whose job failed keeps its id until a later sync succeeds, so the reads stop
    // once every such job is known to have failed (the notice reads it) or after ten minutes.
    refetchInterval: (query) => {
      const syncing = (query.state.data?.items ?? []).filter((i) => i.first_sync_job_id !== null);
      const running = syncing.filter(
        (i) => queryClient.getQueryData<{ state: string }>(['jobs', i.first_sync_job_id])?.state !== 'failed',
      );
      return running.length > 0 && query.state.dataUpdateCount < FIRST_SYNC_POLLS
        ? FIRST_SYNC_POLL_MS
        : false;
    },
  });
}

/**
 * A first sync's job as it runs (its progress), polled each second until it finished. Only the person
 * who linked may read it: for anyone else it is a 404 and the panel says the history is coming in.
 */
export function useFirstSyncJob(jobId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: ({ signal }) => api.call(jobsRoutes.getJob, { params: { jobId }, signal }),
    retry: false,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return query.state.error || state === 'completed' || state === 'failed' || state === 'cancelled'
        ? false
        : 1000;
    },
  });
}

export function useFunding(clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...root(clientGuid), 'funding'],
    queryFn: ({ signal }) => api.call(bankFeedsRoutes.getFunding, { params: { clientGuid }, signal }),
  });
}

export function useBankLines(clientGuid: string, feedAccountGuid: string | null, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...root(clientGuid), 'lines', feedAccountGuid, page],
    queryFn: ({ signal }) =>
      api.call(bankFeedsRoutes.getAggregatorTransactions, {
        params: { clientGuid, feedAccountGuid: feedAccountGuid ?? '' },
        query: { page, page_size: 10 },
        signal,
      }),
    enabled: feedAccountGuid !== null,
  });
}

export function useClientEntities(clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...root(clientGuid), 'entities'],
    queryFn: ({ signal }) =>
      api.call(entitiesRoutes.getAccountsClientEntities, {
        params: { clientGuid },
        query: { page: 1, page_size: 100 },
        signal,
      }),
  });
}

export function useInvestments(clientGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...root(clientGuid), 'investments'],
    queryFn: ({ signal }) =>
      api.call(investmentsRoutes.getInvestmentAccounts, { params: { clientGuid }, signal }),
  });
}

export function useBankMatching(clientGuid: string, state: MatchState, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...root(clientGuid), 'matching', state, page],
    queryFn: ({ signal }) =>
      api.call(bankMatchingRoutes.getBankMatching, {
        params: { clientGuid },
        query: { state, page, page_size: 10 },
        signal,
      }),
  });
}

/** A write of these screens; every read of the client's financial data is refreshed after it. */
export function useFindataWrite<V, R>(
  clientGuid: string,
  write: (api: ReturnType<typeof useSession>['api'], v: V) => Promise<R>,
) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => write(api, v),
    onSettled: () => queryClient.invalidateQueries({ queryKey: root(clientGuid) }),
  });
}

/** Where the hosted bank page sends the person back, and what it must remember meanwhile. */
export const PENDING_LINK_KEY = 'bp.pending-bank-link';
export const bankLinkReturnUrl = () => `${window.location.origin}/financial-accounts?bank_link=done`;
