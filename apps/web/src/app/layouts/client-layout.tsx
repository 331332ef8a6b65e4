import { showsFinancialAccounts } from '@bp/domain';
import { Outlet } from 'react-router';
import { SUPPORT_EMAIL } from '../../features/support/index.ts';
import { useSessionState } from '../../session/session-state-context.ts';
import { AppHeader } from './app-header.tsx';
import { ClientSwitcher } from './client-switcher.tsx';
import { NavBar } from './nav-bar.tsx';
import { clientNavigation, clientUserMenu, heldUserMenu } from './navigation.ts';
import { PageContainer } from './page-container.tsx';
import { UserMenu } from './user-menu.tsx';

/** The client-facing shell (SPEC.md §2 "Client-facing routes"). */
export function ClientLayout() {
  const { snapshot } = useSessionState();
  const navigation = clientNavigation({
    financialAccounts: showsFinancialAccounts(snapshot.profile?.features),
  });
  // Until the terms are accepted every other page redirects back to them: offer no links that bounce.
  if (snapshot.selection === 'must_accept_terms') {
    return (
      <>
        <AppHeader tools={<UserMenu items={heldUserMenu({ isMasked: snapshot.isMasked })} />} />
        <PageContainer>
          <Outlet />
        </PageContainer>
      </>
    );
  }
  return (
    <>
      <AppHeader
        navigation={<NavBar entries={navigation} label="Client" />}
        tools={
          <>
            <ClientSwitcher />
            <UserMenu items={clientUserMenu({ isMasked: snapshot.isMasked, providerEmail: SUPPORT_EMAIL })} />
          </>
        }
      />
      <PageContainer>
        <Outlet />
      </PageContainer>
    </>
  );
}
