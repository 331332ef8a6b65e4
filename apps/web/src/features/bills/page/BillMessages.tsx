import { billMessagesRoutes, MESSAGE_MAX_LENGTH, type Message } from '@bp/contracts';
import { formatDate, formatRelativeTime } from '@bp/domain';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, useToast } from '../../../ui/index.ts';
import { refreshMessageBadges } from '../../messages/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { billQueryKey } from '../shared/bill-api.ts';
import { billPartKey, personName } from './api.ts';
import { Section } from './Section.tsx';
import { usePagedAll } from './usePagedAll.ts';

/**
 * A message body: text is shown as text (markup and all); html was sanitised by the server
 * (sanitize-html on write) and is the only content ever given to dangerouslySetInnerHTML.
 */
function MessageBody({ message }: { message: Message }) {
  if (message.content_type === 'html') {
    return (
      <Box
        className="message-html"
        sx={{ '& p': { my: 0.5 }, overflowWrap: 'anywhere' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: html bodies are sanitised by the API before they are stored.
        dangerouslySetInnerHTML={{ __html: message.body }}
      />
    );
  }
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>;
}

function MessageItem({ message, now }: { message: Message; now: number }) {
  const author = personName(message.from_user);
  return (
    <Box
      component="li"
      aria-label={`Message from ${author}${message.unread ? ' (unread)' : ''}`}
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 1.5,
        mb: 1,
        borderRadius: 1,
        border: 1,
        borderColor: message.unread ? 'primary.main' : 'divider',
        bgcolor: message.unread ? 'action.hover' : undefined,
      }}
    >
      <Avatar src={message.from_user?.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {author.charAt(0)}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{author}</Typography>
          <Typography
            component="time"
            variant="body2"
            color="text.secondary"
            dateTime={message.created_on}
            title={formatDate(message.created_on)}
          >
            {formatRelativeTime(message.created_on, now)}
          </Typography>
          {message.unread ? <Chip label="New" color="primary" size="small" /> : null}
        </Stack>
        <MessageBody message={message} />
      </Box>
    </Box>
  );
}

function Composer({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (text: string) =>
      api.call(billMessagesRoutes.postBillingClientBillMessages, {
        params: { clientGuid, billGuid },
        body: { body: text, content_type: 'text' },
      }),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      setBody('');
      toast.success('Message sent.');
      await queryClient.invalidateQueries({ queryKey: billPartKey(clientGuid, billGuid, 'messages') });
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });
  const blank = body.trim() === '';
  const submit = () => {
    if (!blank && !send.isPending) send.mutate(body.trim());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ mt: 2 }}
    >
      <TextField
        id={`${id}-message`}
        label="Message"
        multiline
        minRows={2}
        fullWidth
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={send.isPending}
        helperText="Ctrl+Enter (⌘+Enter on a Mac) sends."
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
      />
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={blank}
          loading={send.isPending}
        >
          Send
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The bill's conversation, oldest first. Unread messages are marked, and marked read on the server
 * once shown. Observers read but get no composer.
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
  const { api } = useSession();
  const queryClient = useQueryClient();
  const messages = usePagedAll('messages', { clientGuid, billGuid });
  const marked = useRef(new Set<string>());
  const [now, setNow] = useState(() => Date.now());

  // Keep relative times ("5 mins ago") moving while the page stays open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const unread = messages.items.filter((m) => m.unread && !marked.current.has(m.guid));
    if (unread.length === 0) return;
    for (const m of unread) marked.current.add(m.guid);
    void Promise.allSettled(
      unread.map((m) =>
        api.call(billMessagesRoutes.postBillingClientBillMessageRead, {
          params: { clientGuid, billGuid, messageGuid: m.guid },
        }),
      ),
    ).then(() => {
      // The bill's unread count and the header's message badge change; the thread keeps its "New" marks.
      void queryClient.invalidateQueries({ queryKey: billQueryKey(clientGuid, billGuid), exact: true });
      void refreshMessageBadges(queryClient);
    });
  }, [messages.items, api, clientGuid, billGuid, queryClient]);

  return (
    <Section title="Messages">
      {messages.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : messages.isError ? (
        <ErrorState message={apiErrorMessage(messages.error)} onRetry={() => void messages.refetch()} />
      ) : messages.items.length === 0 ? (
        <EmptyState title="No messages yet.">
          {canWrite
            ? 'Write to your team about this bill below.'
            : 'Messages about this bill will appear here.'}
        </EmptyState>
      ) : (
        <>
          <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {messages.items.map((m) => (
              <MessageItem key={m.guid} message={m} now={now} />
            ))}
          </Box>
          {messages.hasNextPage ? (
            <Button onClick={() => void messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
              Show more messages
            </Button>
          ) : null}
        </>
      )}
      {canWrite ? <Composer clientGuid={clientGuid} billGuid={billGuid} /> : null}
    </Section>
  );
}
