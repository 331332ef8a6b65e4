import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSession } from '../../session/session-context.ts';
import { clientModeOf } from '../../session/user-kind.ts';
import { EmptyState, LoadingState, PageTitle } from '../../ui/index.ts';
import { ContactsTab, canWrite, PropertiesTab } from '../client-records/index.ts';
import { UsersTab } from '../client-users/index.ts';
import { ClientMetricsSection } from '../dashboards/index.ts';
import { EntitiesTab } from '../entities/index.ts';
import { FundingNotice } from '../financial-accounts/FundingNotice.tsx';
import { ReferrerPanels } from './ReferrerPanels.tsx';

// The overview (bills, commitments, messages reads and the chart) is its own chunk, loaded with the page's
// first paint under way: /dashboard's initial JavaScript stays within its budget (scripts/check-bundle.mjs).
const ClientOverview = lazy(() =>
  import('./ClientOverview.tsx').then((m) => ({ default: m.ClientOverview })),
);

/**
 * The client user's /dashboard: the selected client's bills at a glance, what waits for approval (approve
 * from here within the user's limits), upcoming commitments, the cash outflow, recent payments and unread
 * messages (ClientOverview), the referrer's news and services when it offers them (ReferrerPanels), then its household (entities, app users, contacts and properties). Only the client role gets add, edit and delete on contacts and properties (`canWrite`);
 * observers, designees and the rest read.
 */
export function ClientDashboardPage() {
  const { client, profile } = useSession();
  if (!client) {
    return (
      <>
        <PageTitle>Dashboard</PageTitle>
        <EmptyState title="No client selected.">Choose a client to see its household.</EmptyState>
      </>
    );
  }
  const readOnly = !canWrite(client.role);
  const sections = [
    <EntitiesTab key="entities" clientGuid={client.guid} readOnly />,
    <UsersTab key="users" clientGuid={client.guid} readOnly />,
    <ContactsTab key="contacts" clientGuid={client.guid} readOnly={readOnly} />,
    <PropertiesTab key="properties" clientGuid={client.guid} readOnly={readOnly} />,
  ];
  return (
    <Box>
      <PageTitle>Dashboard</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {client.name}: your bills, commitments and payments, and the entities, people and properties of your
        household.
        {readOnly ? ' You can view them; your provider team keeps them up to date.' : null}
      </Typography>
      <FundingNotice clientGuid={client.guid} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <ClientMetricsSection clientGuid={client.guid} />
      </Paper>
      <Suspense fallback={<LoadingState label="Loading your dashboard…" />}>
        <ClientOverview
          clientGuid={client.guid}
          viewer={{ kind: 'client', role: client.role, readOnly: clientModeOf(profile) === 'advisor' }}
        />
      </Suspense>
      <ReferrerPanels referrer={client.client_referrer} />
      {sections.map((section) => (
        <Paper key={section.key} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          {section}
        </Paper>
      ))}
    </Box>
  );
}
