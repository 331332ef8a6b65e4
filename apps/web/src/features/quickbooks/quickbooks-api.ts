import { type QboSync, quickbooksRoutes as r } from '@bp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

/** Every QuickBooks query starts with this key, so one invalidation after a write refreshes them all. */
export const QUICKBOOKS_KEY = ['quickbooks'] as const;

export interface EntityRef {
  clientGuid: string;
  entityGuid: string;
}

/** Where staff go back to: the entity's QuickBooks tab on the client page. */
export const entityQuickbooksPath = ({ clientGuid, entityGuid }: EntityRef) =>
  `/clients/${clientGuid}?tab=entities&entity=${entityGuid}&section=quickbooks`;

/** The pages of SPEC §2 for one entity. */
export const connectPath = ({ clientGuid, entityGuid }: EntityRef) =>
  `/integrations/qbonline/connect?client=${clientGuid}&entity=${entityGuid}`;
export const syncPath = ({ clientGuid, entityGuid }: EntityRef) =>
  `/integrations/qbonline/sync?client=${clientGuid}&entity=${entityGuid}`;

/** The OAuth round trip leaves the app: which entity it was for is kept here until Intuit sends the user back. */
const PENDING_KEY = 'qbo-oauth-pending';
export function rememberPendingConnect(entity: EntityRef) {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(entity));
}
export function clearPendingConnect() {
  sessionStorage.removeItem(PENDING_KEY);
}
export function pendingConnect(): EntityRef | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  try {
    const value = raw ? (JSON.parse(raw) as Partial<EntityRef>) : null;
    return value?.clientGuid && value.entityGuid
      ? { clientGuid: value.clientGuid, entityGuid: value.entityGuid }
      : null;
  } catch {
    return null;
  }
}

export function useQboConnection(entity: EntityRef) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...QUICKBOOKS_KEY, entity, 'connection'],
    queryFn: ({ signal }) => api.call(r.getQboConnection, { params: entity, signal }),
  });
}

export function useQboExports(entity: EntityRef, page: number) {
  const { api } = useSession();
  const query = { page, page_size: 10 };
  return useQuery({
    queryKey: [...QUICKBOOKS_KEY, entity, 'exports', query],
    queryFn: ({ signal }) => api.call(r.getQboExports, { params: entity, query, signal }),
  });
}

/** A sync, read again every second while it waits or runs. */
export function useQboSync(entity: EntityRef, syncGuid: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...QUICKBOOKS_KEY, entity, 'sync', syncGuid],
    queryFn: ({ signal }) =>
      api.call(r.getQboSync, { params: { ...entity, syncGuid: syncGuid ?? '' }, signal }),
    enabled: syncGuid !== null,
    refetchInterval: (query) => {
      const status = (query.state.data as QboSync | undefined)?.status;
      return status === 'queued' || status === 'running' ? 1000 : false;
    },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUICKBOOKS_KEY });
}

export function useStartConnect(entity: EntityRef) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async () => {
      const { authorize_url } = await api.call(r.postQboOauth, { params: entity, body: {} });
      rememberPendingConnect(entity);
      window.location.assign(authorize_url);
    },
  });
}

export function useCompleteConnect() {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ entity, ...body }: { entity: EntityRef; code: string; state: string; realm_id: string }) =>
      api.call(r.postQboOauthCallback, { params: entity, body }),
    onSuccess: () => {
      clearPendingConnect();
      return invalidate();
    },
  });
}

export function useDisconnect(entity: EntityRef) {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.call(r.deleteQboConnection, { params: entity }),
    onSuccess: invalidate,
  });
}

export function useStartSync(entity: EntityRef) {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (full: boolean) => api.call(r.postQboSync, { params: entity, body: full ? { full } : {} }),
    onSuccess: invalidate,
  });
}

export function useBookBalanceSync(entity: EntityRef) {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.call(r.postQboBookBalanceSync, { params: entity, body: {} }),
    onSuccess: invalidate,
  });
}

// ---- Desktop ----

export function useCompanyFiles(entity: EntityRef) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...QUICKBOOKS_KEY, entity, 'company-files'],
    queryFn: ({ signal }) => api.call(r.getQbdCompanyFiles, { params: entity, signal }),
  });
}

export function useCompanyFileBills(entity: EntityRef, companyFileGuid: string, page: number) {
  const { api } = useSession();
  const query = { page, page_size: 10 };
  return useQuery({
    queryKey: [...QUICKBOOKS_KEY, entity, 'company-files', companyFileGuid, 'bills', query],
    queryFn: ({ signal }) =>
      api.call(r.getQbdCompanyFileBills, { params: { ...entity, companyFileGuid }, query, signal }),
  });
}

export function useAddCompanyFile(entity: EntityRef) {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.call(r.postQbdCompanyFiles, { params: entity, body: { name } }),
    onSuccess: invalidate,
  });
}

export function useResetCompanyFilePassword(entity: EntityRef) {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (companyFileGuid: string) =>
      api.call(r.postQbdCompanyFilePassword, { params: { ...entity, companyFileGuid }, body: {} }),
    onSuccess: invalidate,
  });
}

export function useDeactivateCompanyFile(entity: EntityRef) {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (companyFileGuid: string) =>
      api.call(r.deleteQbdCompanyFile, { params: { ...entity, companyFileGuid } }),
    onSuccess: invalidate,
  });
}

/** Saves the company file's .qwc (the Web Connector opens it to add this application). */
export function useDownloadQwc(entity: EntityRef) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async ({ companyFileGuid, name }: { companyFileGuid: string; name: string }) => {
      const file = await api.call(r.getQbdCompanyFileQwc, { params: { ...entity, companyFileGuid } });
      const href = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = `${name.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'company-file'}.qwc`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(href);
    },
  });
}
