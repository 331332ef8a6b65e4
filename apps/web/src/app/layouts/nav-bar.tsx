import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type MouseEvent, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isUnder } from '../../session/paths.ts';
import { isNavGroup, type NavEntry, type NavGroup } from './navigation.ts';

const isActive = (pathname: string, to: string) => isUnder(pathname, to.split('?')[0] ?? to);

/** The header navigation: buttons and group menus on wide screens, one menu on narrow ones. */
export function NavBar({ entries, label }: { entries: NavEntry[]; label: string }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  if (narrow) return <CompactNav entries={entries} label={label} />;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
      {entries.map((entry) =>
        isNavGroup(entry) ? (
          <GroupMenu key={entry.label} group={entry} />
        ) : (
          <Button key={entry.to} component={NavLink} to={entry.to} color="inherit">
            {entry.label}
          </Button>
        ),
      )}
    </Box>
  );
}

function GroupMenu({ group }: { group: NavGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const active = group.items.some((item) => isActive(pathname, item.to));
  const menuId = `nav-${group.label.toLowerCase()}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={active ? { textDecoration: 'underline', textUnderlineOffset: 6 } : undefined}
      >
        {group.label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {group.items.map((item) => (
          <MenuItem
            key={item.to}
            component={NavLink}
            to={item.to}
            selected={isActive(pathname, item.to)}
            onClick={() => setAnchor(null)}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function CompactNav({ entries, label }: { entries: NavEntry[]; label: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <Box component="nav" aria-label={label} sx={{ flexGrow: 1 }}>
      <IconButton
        color="inherit"
        aria-label="Open navigation"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {entries.flatMap((entry) =>
          isNavGroup(entry)
            ? [
                <ListSubheader key={`group-${entry.label}`}>{entry.label}</ListSubheader>,
                ...entry.items.map((item) => (
                  <MenuItem key={item.to} component={NavLink} to={item.to} onClick={close} sx={{ pl: 4 }}>
                    {item.label}
                  </MenuItem>
                )),
              ]
            : [
                <MenuItem key={entry.to} component={NavLink} to={entry.to} onClick={close}>
                  {entry.label}
                </MenuItem>,
              ],
        )}
      </Menu>
    </Box>
  );
}
