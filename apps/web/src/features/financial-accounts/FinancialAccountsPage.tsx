import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSession } from '../../session/session-context.ts';
import { hasFeature } from '../../session/user-kind.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';
import { canWrite } from '../client-records/index.ts';
import { FinancialAccountsTable } from './FinancialAccountsTable.tsx';
import { FundingNotice } from './FundingNotice.tsx';
import { InvestmentsPanel } from './InvestmentsPanel.tsx';
import { LinkedBanksPanel } from './LinkedBanksPanel.tsx';

/** The books' balances (issue 17), loaded only for users whose Books feature is on. */
const ClientBooksAccounts = lazy(() =>
  import('../books/ClientBooksViews.tsx').then((m) => ({ default: m.ClientBooksAccounts })),
);

/** /financial-accounts (SPEC §2): the selected client's bank and investment accounts. */
export function FinancialAccountsPage() {
  const { client, profile } = useSession();
  return (
    <>
      <PageTitle>Financial Accounts</PageTitle>
      {client ? (
        <>
          <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
            {client.name}: your bank and investment accounts, their balances and minimum balances.
          </Typography>
          <FundingNotice clientGuid={client.guid} />
          <FinancialAccountsTable clientGuid={client.guid} canRecord={false} />
          <Box sx={{ mt: 3 }}>
            <LinkedBanksPanel clientGuid={client.guid} canLink={canWrite(client.role)} />
            <InvestmentsPanel clientGuid={client.guid} canConnect={canWrite(client.role)} />
          </Box>
          {hasFeature(profile, 'BOOKS') ? (
            <Suspense fallback={null}>
              <ClientBooksAccounts clientGuid={client.guid} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <EmptyState title="No client selected.">Choose a client to see its accounts.</EmptyState>
      )}
    </>
  );
}
