import { DEFAULT_PAGE_SIZE, vendorsRoutes } from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';

export const VENDORS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Every vendor-master read lives under this key, so a write refreshes them all. */
export const vendorMasterKey = ['billing', 'vendor-master'] as const;

export function useInvalidateVendorMaster() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: vendorMasterKey });
}

/** One page of the organisation's parent vendors (active, or the inactive list). */
export function useParentVendors(orgGuid: string, page: number, search: string, inactive: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...vendorMasterKey, orgGuid, 'parents', { page, search, inactive }],
    queryFn: ({ signal }) =>
      api.call(vendorsRoutes.getBillingParentVendors, {
        params: { organizationGuid: orgGuid },
        query: {
          page,
          page_size: VENDORS_PAGE_SIZE,
          search: search || undefined,
          is_active: inactive ? 'false' : undefined,
          ordering: 'name',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useParentVendor(orgGuid: string, guid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...vendorMasterKey, orgGuid, 'parent', guid],
    queryFn: ({ signal }) =>
      api.call(vendorsRoutes.getBillingParentVendor, {
        params: { organizationGuid: orgGuid, parentVendorGuid: guid },
        signal,
      }),
  });
}

export function useParentVendorHistory(orgGuid: string, guid: string, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...vendorMasterKey, orgGuid, 'parent', guid, 'history', page],
    queryFn: ({ signal }) =>
      api.call(vendorsRoutes.getBillingParentVendorHistory, {
        params: { organizationGuid: orgGuid, parentVendorGuid: guid },
        query: { page, page_size: VENDORS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Parent vendors resembling one (only fetched while its "Similar" dialog is open). */
export function useSimilarParentVendors(orgGuid: string, guid: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...vendorMasterKey, orgGuid, 'similar', guid],
    queryFn: ({ signal }) =>
      api.call(vendorsRoutes.getBillingParentVendorSimilar, {
        params: { organizationGuid: orgGuid, parentVendorGuid: guid ?? '' },
        signal,
      }),
    enabled: guid !== null,
  });
}

/** What merging `guid` into `into` would move, for the confirmation. */
export function useMergePreview(orgGuid: string, guid: string | null, into: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...vendorMasterKey, orgGuid, 'merge-preview', guid, into],
    queryFn: ({ signal }) =>
      api.call(vendorsRoutes.getBillingParentVendorMerge, {
        params: { organizationGuid: orgGuid, parentVendorGuid: guid ?? '' },
        query: { into: into ?? '' },
        signal,
      }),
    enabled: guid !== null && into !== null,
    // The counts must be today's when the user confirms.
    staleTime: 0,
  });
}

/**
 * What the signed-in staff member may do in the vendor master (role, team level and groups), so the
 * screens offer only the actions the API will accept: vendors.manage, vendors.merge, vendors.verify.
 */
export function useVendorPermissions(orgGuid: string) {
  const catalogue = usePermissionCatalogue(orgGuid);
  const held = catalogue.data?.effective_permissions ?? [];
  return (permission: 'vendors.manage' | 'vendors.merge' | 'vendors.verify') => held.includes(permission);
}
