import SearchIcon from '@mui/icons-material/Search';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { Outlet, Link as RouterLink } from 'react-router';
import { useSessionState } from '../../session/session-state-context.ts';
import { hasFeature, isInternalStaff, isOrganizationAdmin } from '../../session/user-kind.ts';
import { AppHeader } from './app-header.tsx';
import { MessagesDrawer } from './messages-drawer.tsx';
import { NavBar } from './nav-bar.tsx';
import { organizationLabel, organizationNavigation, organizationUserMenu } from './navigation.ts';
import { PageContainer } from './page-container.tsx';
import { UserMenu } from './user-menu.tsx';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

/** The organisation staff shell (SPEC.md §2 "Navigation"). */
export function OrganizationLayout() {
  const { snapshot } = useSessionState();
  const organization = snapshot.organization;
  const isOrgAdmin = isOrganizationAdmin(organization);
  const navigation = organizationNavigation({
    vendorManagement: hasFeature(snapshot.profile, 'VENDOR_MANAGEMENT'),
    isOrgAdmin,
  });
  const menu = organizationUserMenu({
    isOrgAdmin,
    isInternalStaff: isInternalStaff(snapshot.claims),
    isMasked: snapshot.isMasked,
  });
  return (
    <>
      <AppHeader
        navigation={<NavBar entries={navigation} label="Organization" />}
        tools={
          <>
            {/* Named by hidden text, not aria-label: the page's own search field keeps the only "search" label. */}
            <Tooltip title="Advanced search" describeChild>
              <IconButton color="inherit" component={RouterLink} to="/advanced-search">
                <SearchIcon />
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  Advanced search
                </Box>
              </IconButton>
            </Tooltip>
            <MessagesDrawer unreadCount={organization?.unread_count ?? 0} />
            <UserMenu
              items={menu}
              header={(close) => (
                <>
                  <MenuItem component={RouterLink} to="/my-organizations" onClick={close}>
                    <ListItemIcon>
                      <SwapHorizIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={organizationLabel(organization)} secondary="Switch organization" />
                  </MenuItem>
                  <Divider />
                </>
              )}
            />
          </>
        }
      />
      <PageContainer>
        <Outlet />
      </PageContainer>
    </>
  );
}
