import CloseIcon from '@mui/icons-material/Close';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useMessageScope, useUnreadCount } from '../../features/messages/useMessages.ts';
import { LoadingState } from '../../ui/loading-state.tsx';

// The list loads when the drawer first opens: every signed-in page shows the button and its unread
// count, few open the drawer (issue 12).
const MessagesPanel = lazy(async () => ({
  default: (await import('../../features/messages/MessagesPanel.tsx')).MessagesPanel,
}));

/**
 * The header's messages button and its drawer. Staff see their organisation's messages and its
 * unread_count; client users the selected client's. The count is read every 60 s and when the drawer opens.
 * `unreadCount` is what the session already knows, shown until the first read.
 */
export function MessagesDrawer({ unreadCount = 0 }: { unreadCount?: number }) {
  const [open, setOpen] = useState(false);
  const scope = useMessageScope();
  const unread = useUnreadCount(scope, unreadCount);
  if (!scope) return null;
  const count = unread.count;
  const label = count > 0 ? `Messages, ${count} unread` : 'Messages';
  const close = () => setOpen(false);
  return (
    <>
      <Tooltip title="Messages">
        <IconButton
          color="inherit"
          aria-label={label}
          onClick={() => {
            setOpen(true);
            unread.refetch();
          }}
        >
          <Badge badgeContent={count} color="error" max={99}>
            <MailOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={close}>
        <Box sx={{ width: { xs: '100vw', sm: 400 }, p: 2 }} role="dialog" aria-label="Messages">
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Messages
            </Typography>
            <IconButton aria-label="Close messages" onClick={close}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Suspense fallback={<LoadingState />}>
            <MessagesPanel scope={scope} onClose={close} />
          </Suspense>
        </Box>
      </Drawer>
    </>
  );
}
