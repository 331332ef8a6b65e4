import type { ApiClient } from '@bp/api-client';
import {
  billMessagesRoutes,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Message,
  organizationsRoutes,
  type RouteQuery,
} from '@bp/contracts';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
// Direct module imports, not the features' index files: the messages drawer is in every signed-in
// layout, and the indexes re-export those features' pages.
import { clientBillPagePath, staffBillPagePath } from '../bill-lists/billing-paths.ts';
import { BILLS_KEY } from '../bills/shared/bills-key.ts';

/** How often the unread count is read again while the app is open (SPEC.md §9 refetch interval). */
export const UNREAD_REFETCH_MS = 60_000;

/** Whose messages the drawer shows: the organisation's (staff) or the selected client's. */
export type MessageScope = { kind: 'organization'; orgGuid: string } | { kind: 'client'; clientGuid: string };

/** Same key and request as the organisation list elsewhere, so both share one cache entry. */
const organizationsKey = ['accounts', 'organizations'] as const;
const messagesKey = (scope: MessageScope) => [...BILLS_KEY, 'messages', scope] as const;
const unreadKey = (scope: MessageScope) => [...BILLS_KEY, 'messages', scope, 'unread'] as const;

type MessagesQuery = RouteQuery<typeof billMessagesRoutes.getBillingClientMessages>;

/** One page of the scope's messages (`query`: page, page_size, unread...). */
function messagesOf(api: ApiClient, scope: MessageScope, query: MessagesQuery, signal: AbortSignal) {
  return scope.kind === 'organization'
    ? api.call(billMessagesRoutes.getBillingOrganizationMessages, {
        params: { organizationGuid: scope.orgGuid },
        query,
        signal,
      })
    : api.call(billMessagesRoutes.getBillingClientMessages, {
        params: { clientGuid: scope.clientGuid },
        query,
        signal,
      });
}

/** Where a message's bill opens: staff's bill page of the client, or the client's /bill/{guid}. */
export function billPageOf(scope: MessageScope, message: Message): string {
  return scope.kind === 'organization'
    ? staffBillPagePath(message.bill.client, message.bill.guid)
    : clientBillPagePath(message.bill.guid);
}

/** The scope of the signed-in user, or null before an organisation or client is chosen. */
export function useMessageScope(): MessageScope | null {
  const { claims, organization, client } = useSession();
  if (claims?.type === 'bporg')
    return organization ? { kind: 'organization', orgGuid: organization.guid } : null;
  return client ? { kind: 'client', clientGuid: client.guid } : null;
}

/**
 * The badge count. Staff: the organisation's unread_count from GET /v1/accounts/organizations; clients:
 * the count of GET .../messages?unread=true. Read every 60 s; `refetch` is called when the drawer opens.
 */
export function useUnreadCount(scope: MessageScope | null, fallback = 0) {
  const { api } = useSession();
  const organizations = useQuery({
    queryKey: organizationsKey,
    queryFn: ({ signal }) =>
      api.call(organizationsRoutes.getAccountsOrganizations, {
        query: { page: 1, page_size: MAX_PAGE_SIZE },
        signal,
      }),
    enabled: scope?.kind === 'organization',
    refetchInterval: UNREAD_REFETCH_MS,
  });
  const clientUnread = useQuery({
    queryKey: scope ? unreadKey(scope) : [...BILLS_KEY, 'messages', 'none'],
    queryFn: ({ signal }) =>
      messagesOf(api, scope as MessageScope, { unread: 'true', page: 1, page_size: 1 }, signal),
    enabled: scope?.kind === 'client',
    refetchInterval: UNREAD_REFETCH_MS,
  });
  if (scope?.kind === 'organization') {
    const org = organizations.data?.results.find((item) => item.guid === scope.orgGuid);
    return {
      count: org?.unread_count ?? fallback,
      refetch: () => void organizations.refetch(),
    };
  }
  return { count: clientUnread.data?.count ?? 0, refetch: () => void clientUnread.refetch() };
}

/** The messages, newest first, a page at a time. */
export function useMessageList(scope: MessageScope, enabled: boolean) {
  const { api } = useSession();
  return useInfiniteQuery({
    queryKey: messagesKey(scope),
    queryFn: ({ pageParam, signal }) =>
      messagesOf(
        api,
        scope,
        { page: pageParam, page_size: DEFAULT_PAGE_SIZE, ordering: '-created_on' },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    enabled,
  });
}

/** After a read: the list, the unread count and the organisation list (its unread_count) are stale. */
function useRefreshMessages(scope: MessageScope) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messagesKey(scope) }),
      scope.kind === 'organization'
        ? queryClient.invalidateQueries({ queryKey: organizationsKey })
        : Promise.resolve(),
    ]);
}

/**
 * Messages were read somewhere else (the bill page marks what it shows): the header's badge (the
 * client's unread messages, the organisation's unread_count) and the drawer's list read again.
 */
export function refreshMessageBadges(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...BILLS_KEY, 'messages'] }),
    queryClient.invalidateQueries({ queryKey: organizationsKey, exact: true }),
  ]);
}

/** POST /v1/billing/clients/{client}/bills/{bill}/messages/{message}/read */
export function useMarkRead(scope: MessageScope) {
  const { api } = useSession();
  const refresh = useRefreshMessages(scope);
  return useMutation({
    mutationFn: (message: Message) =>
      api.call(billMessagesRoutes.postBillingClientBillMessageRead, {
        params: { clientGuid: message.bill.client, billGuid: message.bill.guid, messageGuid: message.guid },
      }),
    onSettled: refresh,
  });
}

/** POST /v1/billing/organizations/{org}/messages/read-all (staff only). */
export function useMarkAllRead(scope: MessageScope) {
  const { api } = useSession();
  const refresh = useRefreshMessages(scope);
  return useMutation({
    mutationFn: () =>
      scope.kind === 'organization'
        ? api.call(billMessagesRoutes.postBillingOrganizationMessagesReadAll, {
            params: { organizationGuid: scope.orgGuid },
          })
        : Promise.reject(new Error('Only staff can mark every message read.')),
    onSuccess: refresh,
  });
}
