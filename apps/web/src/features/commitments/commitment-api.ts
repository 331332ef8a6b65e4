/**
 * Query keys and hooks of the commitment API (declared in contracts routes/commitments.ts).
 * Every commitment query key starts with COMMITMENTS_KEY, so one invalidation refreshes lists,
 * details, trackers and forecasts after a write.
 */
import { commitmentsRoutes, MAX_PAGE_SIZE } from '@bp/contracts';
import { ALL_ENTITIES } from '@bp/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session/session-context.ts';

const segment = (value: string | number) => encodeURIComponent(String(value));

/** Where a list of commitments comes from: one client's, or the organisation's across its clients. */
export type CommitmentListSource = { clientGuid: string } | { organizationGuid: string };

// ---------------------------------------------------------------------------------------------
// Screen paths. Staff commitment pages carry the client in `?client=`: the API reads a commitment
// under its client (/v1/billing/clients/{clientGuid}/commitments/{id}). A SPEC link with only the id
// works too: useCommitmentClient reads the client from the organisation's route.
// ---------------------------------------------------------------------------------------------

const withClient = (path: string, clientGuid: string) => `${path}?client=${segment(clientGuid)}`;

export const COMMITMENTS_PAGE = '/commitments';
export const ARCHIVED_COMMITMENTS_PAGE = '/commitments/archived-commitments';
export const COMMITMENT_FORM_PAGE = '/commitments/commitment-form';
export const ONBOARDING_COMMITMENT_FORM_PAGE = '/client-onboarding/commitments/commitment-form';

export function commitmentPagePath(clientGuid: string, commitmentId: number): string {
  return withClient(`/commitments/${segment(commitmentId)}`, clientGuid);
}

export function commitmentEditPagePath(clientGuid: string, commitmentId: number): string {
  return `${COMMITMENT_FORM_PAGE}?client=${segment(clientGuid)}&edit=${segment(commitmentId)}`;
}

export function newCommitmentPagePath(clientGuid?: string): string {
  return clientGuid ? withClient(COMMITMENT_FORM_PAGE, clientGuid) : COMMITMENT_FORM_PAGE;
}

/** /commitments/{commitmentId}/new-bill[/{instanceGuid}] */
export function commitmentNewBillPagePath(clientGuid: string, commitmentId: number, instanceGuid?: string) {
  const base = `/commitments/${segment(commitmentId)}/new-bill`;
  return withClient(instanceGuid ? `${base}/${segment(instanceGuid)}` : base, clientGuid);
}

/** The client's own list: /commitments/{entityGuid} or /commitments/all-entities. */
export function clientCommitmentsPagePath(entity: string = ALL_ENTITIES): string {
  return `/commitments/${segment(entity)}`;
}

// ---------------------------------------------------------------------------------------------
// Query keys and hooks
// ---------------------------------------------------------------------------------------------

export const COMMITMENTS_KEY = ['commitments'] as const;

export function commitmentKey(clientGuid: string, commitmentId: number) {
  return [...COMMITMENTS_KEY, 'one', clientGuid, commitmentId] as const;
}

export type QueryParams = Record<string, string | number | undefined>;

const defined = (params: QueryParams) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/** One page of commitments of a client or of the organisation. */
export function useCommitmentList(
  source: CommitmentListSource,
  params: QueryParams,
  options: { enabled?: boolean } = {},
) {
  const { api } = useSession();
  const query = defined(params);
  return useQuery({
    queryKey: [...COMMITMENTS_KEY, 'list', source, query],
    queryFn: ({ signal }) =>
      'clientGuid' in source
        ? api.call(commitmentsRoutes.getBillingClientCommitments, { params: source, query, signal })
        : api.call(commitmentsRoutes.getBillingOrganizationCommitments, { params: source, query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCommitment(clientGuid: string, commitmentId: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: commitmentKey(clientGuid, commitmentId),
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitment, {
        params: { clientGuid, commitmentId },
        signal,
      }),
    enabled: clientGuid !== '' && Number.isInteger(commitmentId) && commitmentId > 0,
  });
}

export interface CommitmentClient {
  /** The commitment's client, '' until known. */
  clientGuid: string;
  /** Neither `?client=` nor a selected organisation to ask: the link cannot be resolved. */
  missing: boolean;
  /** Reading the client from the organisation's route. */
  isPending: boolean;
  error: Error | null;
  retry: () => void;
}

/**
 * The client of staff's commitment `commitmentId`: the link's `?client=` when it carries one, else
 * read from the organisation's route (SPEC links /commitments/{commitmentId} carry only the id).
 */
export function useCommitmentClient(commitmentId: number, linkClient: string): CommitmentClient {
  const { api, organization } = useSession();
  const orgGuid = organization?.guid ?? '';
  const validId = Number.isInteger(commitmentId) && commitmentId > 0;
  const lookup = useQuery({
    queryKey: [...COMMITMENTS_KEY, 'in-organization', orgGuid, commitmentId],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingOrganizationCommitment, {
        params: { organizationGuid: orgGuid, commitmentId },
        signal,
      }),
    enabled: linkClient === '' && orgGuid !== '' && validId,
    // The client of a commitment never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (linkClient !== '') {
    return { clientGuid: linkClient, missing: false, isPending: false, error: null, retry: () => {} };
  }
  return {
    clientGuid: lookup.data?.client.guid ?? '',
    missing: orgGuid === '' || !validId,
    isPending: lookup.isPending,
    error: lookup.error,
    retry: () => void lookup.refetch(),
  };
}

export function useTracker(clientGuid: string, commitmentId: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...commitmentKey(clientGuid, commitmentId), 'tracker'],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitmentTracker, {
        params: { clientGuid, commitmentId },
        signal,
      }),
  });
}

export function useCommitmentBills(clientGuid: string, commitmentId: number, page: number) {
  const { api } = useSession();
  const query = { page, page_size: 10 };
  return useQuery({
    queryKey: [...commitmentKey(clientGuid, commitmentId), 'bills', query],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitmentBills, {
        params: { clientGuid, commitmentId },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCommitmentNotes(clientGuid: string, commitmentId: number) {
  const { api } = useSession();
  const query = { page: 1, page_size: MAX_PAGE_SIZE };
  return useQuery({
    queryKey: [...commitmentKey(clientGuid, commitmentId), 'notes'],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitmentNotes, {
        params: { clientGuid, commitmentId },
        query,
        signal,
      }),
  });
}

/** Cash outflow and monthly overview of a client (entity 'all-entities' = every entity). */
export function useForecast(clientGuid: string, entity: string) {
  const { api } = useSession();
  const query = entity === ALL_ENTITIES ? {} : { entity };
  const outflow = useQuery({
    queryKey: [...COMMITMENTS_KEY, 'cash-outflow', clientGuid, entity],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitmentsCashOutflow, {
        params: { clientGuid },
        query,
        signal,
      }),
    enabled: clientGuid !== '',
  });
  const overview = useQuery({
    queryKey: [...COMMITMENTS_KEY, 'monthly-overview', clientGuid, entity],
    queryFn: ({ signal }) =>
      api.call(commitmentsRoutes.getBillingClientCommitmentsMonthlyOverview, {
        params: { clientGuid },
        query,
        signal,
      }),
    enabled: clientGuid !== '',
  });
  return { outflow, overview };
}

/** Refreshes every commitment query after a write. */
export function useInvalidateCommitments() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: COMMITMENTS_KEY }), [queryClient]);
}
