import { Typography } from '@mui/material';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';
import { FinancialAccountsTable } from './FinancialAccountsTable.tsx';

/** /financial-accounts (SPEC §2): the selected client's bank and investment accounts. */
export function FinancialAccountsPage() {
  const { client } = useSession();
  return (
    <>
      <PageTitle>Financial Accounts</PageTitle>
      {client ? (
        <>
          <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
            {client.name}: your bank and investment accounts, their balances and minimum balances.
          </Typography>
          <FinancialAccountsTable clientGuid={client.guid} canRecord={false} />
        </>
      ) : (
        <EmptyState title="No client selected.">Choose a client to see its accounts.</EmptyState>
      )}
    </>
  );
}
