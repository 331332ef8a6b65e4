import CloseIcon from '@mui/icons-material/Close';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { Badge, Box, Drawer, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';

/** The header's messages button (unread count of the organisation) and its drawer. */
export function MessagesDrawer({ unreadCount }: { unreadCount: number }) {
  const [open, setOpen] = useState(false);
  const label = unreadCount > 0 ? `Messages, ${unreadCount} unread` : 'Messages';
  return (
    <>
      <Tooltip title="Messages">
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <Badge badgeContent={unreadCount} color="error" max={99}>
            <MailOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: { xs: '100vw', sm: 400 }, p: 2 }} role="dialog" aria-label="Messages">
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Messages
            </Typography>
            <IconButton aria-label="Close messages" onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <EmptyState title="No messages to show">
            Messages that clients and your team leave on bills will appear here.
          </EmptyState>
        </Box>
      </Drawer>
    </>
  );
}
