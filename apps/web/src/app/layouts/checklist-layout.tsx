import { Outlet } from 'react-router';
import { useSessionState } from '../../session/session-state-context.ts';
import { AppHeader } from './app-header.tsx';
import { ClientSwitcher } from './client-switcher.tsx';
import { heldUserMenu } from './navigation.ts';
import { PageContainer } from './page-container.tsx';
import { UserMenu } from './user-menu.tsx';

/** The onboarding checklist shell: no navigation, so the checklist is the only way forward. */
export function ChecklistLayout() {
  const { snapshot } = useSessionState();
  const items = heldUserMenu({ isMasked: snapshot.isMasked });
  return (
    <>
      <AppHeader
        tools={
          <>
            {snapshot.claims?.type === 'client' ? <ClientSwitcher /> : null}
            <UserMenu items={items} />
          </>
        }
      />
      <PageContainer maxWidth="lg">
        <Outlet />
      </PageContainer>
    </>
  );
}
