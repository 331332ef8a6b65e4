import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import type { UserMenuItem } from './navigation.ts';

function initialsOf(first: string, last: string, email: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
  return letters || email.charAt(0).toUpperCase() || '?';
}

/** The avatar button and its menu; `header` sits above the items (the organisation switcher). */
export function UserMenu({
  items,
  header,
}: {
  items: UserMenuItem[];
  header?: (close: () => void) => ReactNode;
}) {
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const profile = session.profile;
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() || profile.email : 'Account';

  const run = (item: Extract<UserMenuItem, { kind: 'action' }>) => {
    close();
    if (item.action === 'logout') void session.signOut();
    else void session.unmask();
  };

  return (
    <>
      <Tooltip title={name}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label="Open user menu (account menu)"
          aria-haspopup="menu"
          aria-controls={anchor ? 'user-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          size="small"
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>
            {profile ? initialsOf(profile.first_name, profile.last_name, profile.email) : '?'}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <ListItemText primary={name} secondary={profile?.email} />
        </Box>
        <Divider />
        {header ? header(close) : null}
        {items.map((item) => {
          if (item.kind === 'link') {
            return (
              <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={close}>
                {item.label}
              </MenuItem>
            );
          }
          if (item.kind === 'mail') {
            return (
              <MenuItem key={item.label} component="a" href={item.href} onClick={close}>
                {item.label}
              </MenuItem>
            );
          }
          return (
            <MenuItem key={item.label} onClick={() => run(item)}>
              {item.label}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
