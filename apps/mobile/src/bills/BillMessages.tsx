import { billMessagesRoutes } from '@bp/contracts';
import { formatRelativeTime } from '@bp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Field, Loading } from '../ui/controls.tsx';
import { detail } from './BillDetailScreen.tsx';

/** HTML messages (staff may write them) shown as their text. */
const plain = (body: string, contentType: string) =>
  contentType === 'html'
    ? body
        .replace(/<br\s*\/?>|<\/p>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .trim()
    : body;

/**
 * The bill's conversation, oldest first; what is shown is marked read; a reply box below, except for
 * observers, who only read (as on the web).
 */
export function BillMessages({
  clientGuid,
  billGuid,
  canWrite,
}: {
  clientGuid: string;
  billGuid: string;
  canWrite: boolean;
}) {
  const { session, online } = useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const key = ['bill', clientGuid, billGuid, 'messages'];
  const messages = useQuery({
    queryKey: key,
    queryFn: () =>
      session.api.call(billMessagesRoutes.getBillingClientBillMessages, {
        params: { clientGuid, billGuid },
        query: { page_size: 100 },
      }),
  });
  const unread = messages.data?.results.filter((m) => m.unread).map((m) => m.guid) ?? [];
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (!unreadKey) return;
    // Read once shown; a failure only leaves them unread for next time.
    void Promise.all(
      unreadKey.split(',').map((messageGuid) =>
        session.api.call(billMessagesRoutes.postBillingClientBillMessageRead, {
          params: { clientGuid, billGuid, messageGuid },
        }),
      ),
    ).catch(() => undefined);
  }, [unreadKey, session, clientGuid, billGuid]);

  const send = useMutation({
    mutationFn: (body: string) =>
      session.api.call(billMessagesRoutes.postBillingClientBillMessages, {
        params: { clientGuid, billGuid },
        body: { body },
      }),
    onSuccess: async () => {
      setDraft('');
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });

  if (messages.isPending) return <Loading label="Loading messages" />;
  if (messages.isError) return <ErrorText>{messageOf(messages.error)}</ErrorText>;
  return (
    <View style={{ gap: 8 }}>
      {messages.data.results.length === 0 ? <Text style={detail.muted}>No messages yet.</Text> : null}
      {messages.data.results.map((m) => (
        <View key={m.guid} style={detail.line}>
          <View style={detail.grow}>
            <Text style={detail.muted}>
              {`${m.from_user ? `${m.from_user.first_name} ${m.from_user.last_name}` : 'Someone'} · ${formatRelativeTime(m.created_on, Date.now())}`}
            </Text>
            <Text style={detail.text}>{plain(m.body, m.content_type)}</Text>
          </View>
        </View>
      ))}
      {canWrite ? (
        <>
          <Field label="Write a message" value={draft} onChangeText={setDraft} multiline maxLength={10_000} />
          {send.isError ? <ErrorText>{`Not sent: ${messageOf(send.error)}`}</ErrorText> : null}
          <Button
            label="Send message"
            variant="secondary"
            onPress={() => send.mutate(draft.trim())}
            busy={send.isPending}
            disabled={!draft.trim() || !online}
            hint={online ? undefined : 'You are offline. Messages are sent only with a connection.'}
          />
        </>
      ) : null}
    </View>
  );
}
