import type { OutboxMessage } from '@bp/contracts';
import { notificationsRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, LoadingState, PageTitle } from '../../ui/index.ts';
import { apiErrorMessage, isApiError } from '../shared/api-errors.ts';

export const DEMO_OUTBOX_PAGE_SIZE = 20;

const CHANNEL_LABELS: Record<OutboxMessage['channel'], string> = {
  email: 'E-mail',
  sms: 'Text message',
  push: 'Push',
};
const STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  pending: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
};

/** Message text with its http(s) addresses as links (reset and invitation links, sign-in pages). */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move.
          <Link key={i} href={part} sx={{ wordBreak: 'break-all' }}>
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ p: 2 }}
      aria-label={message.subject || CHANNEL_LABELS[message.channel]}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={CHANNEL_LABELS[message.channel]} />
        <Chip
          size="small"
          variant="outlined"
          color={message.status === 'failed' ? 'error' : message.status === 'sent' ? 'success' : 'default'}
          label={STATUS_LABELS[message.status]}
        />
        <Typography variant="body2" color="text.secondary">
          to {message.recipient} · {new Date(message.created_at).toLocaleString()}
        </Typography>
      </Stack>
      {message.subject ? (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {message.subject}
        </Typography>
      ) : null}
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', mt: 1, fontFamily: 'inherit' }}>
        <LinkedText text={message.body_text} />
      </Typography>
    </Paper>
  );
}

/**
 * Demo mode only (decision 011): the messages the platform would have sent, so someone trying the demo
 * can read a sign-in code, a reset link or an invitation. Signed in: your own (admins may name one of
 * their people). Signed out: the messages of a demo address (ending in .test). Production: not available.
 */
export function DemoOutboxPage() {
  const { api, claims } = useSession();
  const signedIn = claims !== null;
  const [params, setParams] = useSearchParams();
  const recipient = params.get('recipient')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [address, setAddress] = useState(recipient ?? '');
  const enabled = signedIn || recipient !== undefined;

  const messages = useQuery({
    queryKey: ['demo-outbox', signedIn, recipient ?? null, page],
    queryFn: ({ signal }) =>
      api.call(notificationsRoutes.getOutbox, {
        query: { recipient, page, page_size: DEMO_OUTBOX_PAGE_SIZE },
        anonymous: !signedIn,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

  const show = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (address.trim()) next.set('recipient', address.trim());
    setParams(next);
  };
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };

  const unavailable = isApiError(messages.error, 404);
  const count = messages.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / DEMO_OUTBOX_PAGE_SIZE));

  return (
    <Box component="main" sx={{ maxWidth: 880, mx: 'auto', px: 2, py: 4 }}>
      <PageTitle
        actions={
          <Button component={RouterLink} to={signedIn ? '/' : '/login'}>
            {signedIn ? 'Back to the app' : 'Sign in'}
          </Button>
        }
      >
        Demo outbox
      </PageTitle>
      {unavailable ? (
        <Alert severity="info">
          The demo outbox is not available: this installation does not run in demo mode.
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            This demo sends no real e-mail or text messages. Sign-in codes, password reset links and
            invitations are shown here instead.{' '}
            {signedIn
              ? 'These are your messages; an organisation admin may look up one of their people.'
              : 'Enter a demo address (ending in .test) to read its messages.'}
          </Typography>
          <Box component="form" onSubmit={show} sx={{ display: 'flex', gap: 1, mb: 3, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              type="email"
              label={signedIn ? 'Recipient (optional)' : 'Demo e-mail address'}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              sx={{ minWidth: 280, flexGrow: 1 }}
            />
            <Button type="submit" variant="contained" disabled={!signedIn && address.trim() === ''}>
              Show messages
            </Button>
          </Box>
          {!enabled ? null : messages.isPending ? (
            <LoadingState />
          ) : messages.isError ? (
            <Alert severity="error">{apiErrorMessage(messages.error)}</Alert>
          ) : count === 0 ? (
            <EmptyState title="No messages yet">
              Messages appear here as soon as the platform sends them (a code, a reset link, an invitation).
            </EmptyState>
          ) : (
            <Stack spacing={2}>
              {messages.data.results.map((m) => (
                <MessageCard key={m.guid} message={m} />
              ))}
              {pages > 1 ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
                  <Button disabled={page <= 1} onClick={() => goTo(page - 1)}>
                    Newer
                  </Button>
                  <Typography variant="body2">
                    Page {page} of {pages}
                  </Typography>
                  <Button disabled={page >= pages} onClick={() => goTo(page + 1)}>
                    Older
                  </Button>
                </Stack>
              ) : null}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
