import SearchIcon from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { homePathOf } from '../../session/home.ts';
import { TERMS_PATH } from '../../session/paths.ts';
import { useSessionState } from '../../session/session-state-context.ts';
import { Brand } from './brand.tsx';
import { MaskedBanner } from './masked-banner.tsx';
import { MessagesDrawer } from './messages-drawer.tsx';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

/**
 * The top of every signed-in layout: mask banner, brand, navigation and the right-hand tools.
 * A client user with a chosen client also gets advanced search and the messages drawer of that client
 * (the organisation layout places its own among its tools).
 */
export function AppHeader({ navigation, tools }: { navigation?: ReactNode; tools?: ReactNode }) {
  const { snapshot } = useSessionState();
  const clientTools =
    snapshot.status === 'ready' &&
    snapshot.claims !== null &&
    snapshot.claims.type !== 'bporg' &&
    snapshot.client !== null;
  // Home would redirect back to the terms until they are accepted, so the brand stays on them.
  const brandTo = snapshot.selection === 'must_accept_terms' ? TERMS_PATH : homePathOf(snapshot);
  return (
    <>
      <MaskedBanner />
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 1 }}>
          <Brand to={brandTo} />
          {navigation ?? <Box sx={{ flexGrow: 1 }} />}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {clientTools ? (
              <>
                <Tooltip title="Advanced search" describeChild>
                  <IconButton color="inherit" component={RouterLink} to="/advanced-search">
                    <SearchIcon />
                    <Box component="span" sx={VISUALLY_HIDDEN}>
                      Advanced search
                    </Box>
                  </IconButton>
                </Tooltip>
                <MessagesDrawer />
              </>
            ) : null}
            {tools}
          </Box>
        </Toolbar>
      </AppBar>
    </>
  );
}
