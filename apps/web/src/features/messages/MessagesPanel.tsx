import type { Message } from '@bp/contracts';
import { formatRelativeTime } from '@bp/domain';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState, useToast, visuallyHidden } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { initials } from '../shared/format.ts';
import { billPageOf, type MessageScope, useMarkAllRead, useMarkRead, useMessageList } from './useMessages.ts';

/** The author's name, or the system's when nobody wrote it. */
export function authorOf(message: Message): string {
  const user = message.from_user;
  if (!user) return 'BillPay';
  return `${user.first_name} ${user.last_name}`.trim() || 'Unknown user';
}

/** 'Bill B-1001', or plain 'Bill' when the bill has no external id. */
export function billReferenceOf(message: Message): string {
  return message.bill.ext_bill_id ? `Bill ${message.bill.ext_bill_id}` : 'Bill';
}

/** The message as plain text: html bodies lose their markup (it is never rendered as html here). */
export function plainTextOf(message: Message): string {
  if (message.content_type !== 'html') return message.body;
  const doc = new DOMParser().parseFromString(message.body, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

interface MessagesPanelProps {
  scope: MessageScope;
  /** Closes the drawer (after a message opened its bill). */
  onClose: () => void;
}

/** The drawer's content: newest messages first, unread ones marked; a message opens its bill. */
export function MessagesPanel({ scope, onClose }: MessagesPanelProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const list = useMessageList(scope, true);
  const markRead = useMarkRead(scope);
  const markAllRead = useMarkAllRead(scope);
  const messages = list.data?.pages.flatMap((page) => page.results) ?? [];
  const anyUnread = messages.some((message) => message.unread);

  const open = (message: Message) => {
    if (message.unread) markRead.mutate(message);
    onClose();
    navigate(billPageOf(scope, message));
  };

  return (
    <>
      {scope.kind === 'organization' ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button
            size="small"
            startIcon={<DoneAllIcon />}
            disabled={!anyUnread}
            loading={markAllRead.isPending}
            onClick={() =>
              markAllRead.mutate(undefined, {
                onSuccess: () => toast.success('All messages marked as read.'),
                onError: (error) => toast.error(apiErrorMessage(error)),
              })
            }
          >
            Mark all read
          </Button>
        </Box>
      ) : null}
      {list.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState title="No messages yet.">Messages left on bills will appear here.</EmptyState>
      ) : (
        <>
          <List aria-label="Messages" disablePadding>
            {messages.map((message) => (
              <MessageItem key={message.guid} message={message} onOpen={() => open(message)} />
            ))}
          </List>
          {list.hasNextPage ? (
            <Box sx={{ textAlign: 'center', mt: 1 }}>
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show older messages
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </>
  );
}

function MessageItem({ message, onOpen }: { message: Message; onOpen: () => void }) {
  const author = authorOf(message);
  const when = formatRelativeTime(message.created_on, Date.now());
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        onClick={onOpen}
        alignItems="flex-start"
        sx={message.unread ? { bgcolor: 'action.hover' } : undefined}
      >
        <ListItemAvatar>
          <Avatar src={message.from_user?.avatar ?? undefined} alt="">
            {initials(author)}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          disableTypography
          primary={
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              {message.unread ? (
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
                />
              ) : null}
              <Typography component="span" sx={{ fontWeight: message.unread ? 700 : 500, flexGrow: 1 }}>
                {author}
              </Typography>
              {message.unread ? (
                <Box component="span" sx={visuallyHidden}>
                  Unread,
                </Box>
              ) : null}
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ whiteSpace: 'nowrap' }}
              >
                {when}
              </Typography>
            </Box>
          }
          secondary={
            <>
              <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                {billReferenceOf(message)}
              </Typography>
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {plainTextOf(message)}
              </Typography>
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
}
