import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useSession } from '../../session/session-context.ts';
import { hasFeature } from '../../session/user-kind.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';
import { FinancialAccountsTable } from './FinancialAccountsTable.tsx';

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
          <FinancialAccountsTable clientGuid={client.guid} canRecord={false} />
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
