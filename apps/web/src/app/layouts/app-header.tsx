import { AppBar, Box, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { homePathOf } from '../../session/home.ts';
import { useSessionState } from '../../session/session-state-context.ts';
import { Brand } from './brand.tsx';
import { MaskedBanner } from './masked-banner.tsx';
import { MessagesDrawer } from './messages-drawer.tsx';

/**
 * The top of every signed-in layout: mask banner, brand, navigation and the right-hand tools.
 * A client user with a chosen client also gets the messages drawer of that client (the organisation
 * layout places its own among its tools).
 */
export function AppHeader({ navigation, tools }: { navigation?: ReactNode; tools?: ReactNode }) {
  const { snapshot } = useSessionState();
  const clientMessages =
    snapshot.status === 'ready' &&
    snapshot.claims !== null &&
    snapshot.claims.type !== 'bporg' &&
    snapshot.client !== null;
  return (
    <>
      <MaskedBanner />
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 1 }}>
          <Brand to={homePathOf(snapshot)} />
          {navigation ?? <Box sx={{ flexGrow: 1 }} />}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {clientMessages ? <MessagesDrawer /> : null}
            {tools}
          </Box>
        </Toolbar>
      </AppBar>
    </>
  );
}
