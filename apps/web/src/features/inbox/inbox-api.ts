import { type InboxEmail, inboxRoutes } from '@bp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session/session-context.ts';
import { listKey } from '../client-records/index.ts';

/** The organisation's pre-bill e-mails (every client, or the one `client` names). */
export const organizationInbox = (organizationGuid: string) => ({
  route: inboxRoutes.getInboxOrganizationEmails,
  params: { organizationGuid },
});

/** One client's pre-bill e-mails. */
export const clientInbox = (clientGuid: string) => ({
  route: inboxRoutes.getInboxClientEmails,
  params: { clientGuid },
});

/** Single e-mails, proposals and files start with this key (the lists start with listKey's). */
export const INBOX_KEY = ['inbox'] as const;

const LIST_PATHS: readonly string[] = [
  inboxRoutes.getInboxOrganizationEmails.path,
  inboxRoutes.getInboxClientEmails.path,
];

/** Refreshes every inbox list (any client's, any organisation's) and every single e-mail. */
export function useInvalidateInbox() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === listKey(clientInbox(''))[0] &&
            LIST_PATHS.includes(String(query.queryKey[1])),
        }),
      ]),
    [queryClient],
  );
}

/** /clients/{clientGuid}/convert-pre-bill/{emailGuid}: where Convert goes. */
export const convertPreBillPath = (clientGuid: string, emailGuid: string) =>
  `/clients/${clientGuid}/convert-pre-bill/${emailGuid}`;
/** The archived pre-bills of one client, or of every client ('all-clients'). */
export const archivedPreBillsPath = (clientGuid = 'all-clients') =>
  `/clients/${clientGuid}/archived-pre-bills`;

export function useInboxEmail(clientGuid: string, emailGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...INBOX_KEY, 'email', clientGuid, emailGuid],
    queryFn: ({ signal }) =>
      api.call(inboxRoutes.getInboxClientEmail, { params: { clientGuid, emailGuid }, signal }),
  });
}

/** What one attachment proposes for the bill form (null guid: none to read). */
export function usePrefill(email: InboxEmail | undefined, attachmentGuid: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...INBOX_KEY, 'prefill', email?.guid, attachmentGuid],
    queryFn: ({ signal }) =>
      api.call(inboxRoutes.getInboxClientEmailAttachmentPrefill, {
        params: {
          clientGuid: email?.client.guid ?? '',
          emailGuid: email?.guid ?? '',
          inboxAttachmentGuid: attachmentGuid ?? '',
        },
        signal,
      }),
    enabled: email !== undefined && attachmentGuid !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The bytes of one attachment, for its preview. */
export function useAttachmentFile(email: InboxEmail, attachmentGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...INBOX_KEY, 'file', email.guid, attachmentGuid],
    queryFn: ({ signal }) =>
      api.call(inboxRoutes.getInboxClientEmailAttachment, {
        params: { clientGuid: email.client.guid, emailGuid: email.guid, inboxAttachmentGuid: attachmentGuid },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The attachment whose text the bill form is prefilled from: the first PDF that may become the bill's,
 * else the first file that may.
 */
export function prefillAttachmentOf(email: InboxEmail): string | null {
  const offered = email.attachments.filter((a) => a.convertible);
  return (offered.find((a) => a.mime_type === 'application/pdf') ?? offered[0])?.guid ?? null;
}
