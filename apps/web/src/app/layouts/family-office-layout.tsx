import { Outlet } from 'react-router';
import { useSessionState } from '../../session/session-state-context.ts';
import { AppHeader } from './app-header.tsx';
import { NavBar } from './nav-bar.tsx';
import { familyOfficeNavigation, familyOfficeUserMenu } from './navigation.ts';
import { PageContainer } from './page-container.tsx';
import { UserMenu } from './user-menu.tsx';

/** The family-office shell: /family-admin-dashboard, /foa/support and /foa/profile. */
export function FamilyOfficeLayout() {
  const { snapshot } = useSessionState();
  return (
    <>
      <AppHeader
        navigation={<NavBar entries={familyOfficeNavigation()} label="Family office" />}
        tools={<UserMenu items={familyOfficeUserMenu({ isMasked: snapshot.isMasked })} />}
      />
      <PageContainer>
        <Outlet />
      </PageContainer>
    </>
  );
}
