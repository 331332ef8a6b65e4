import { useSessionState } from '../../session/session-state-context.ts';
import { ClientLayout } from './client-layout.tsx';
import { OrganizationLayout } from './organization-layout.tsx';

/**
 * Shared paths (/profile, /support, /reports, ...) live in the layout of the user's type;
 * the route guard has already sent each type away from the other's pages.
 */
export function UserTypeLayout() {
  const { snapshot } = useSessionState();
  return snapshot.claims?.type === 'bporg' ? <OrganizationLayout /> : <ClientLayout />;
}
