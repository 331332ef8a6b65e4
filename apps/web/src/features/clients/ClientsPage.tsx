import Box from '@mui/material/Box';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';
import { NewBillButton } from '../bills/form/NewBillButton.tsx';
import { ClientList } from './ClientList.tsx';

/** The organisation's clients: search, service filter, sorting, paging, new client, new bill and export. */
export function ClientsPage() {
  const { organization } = useSession();
  return (
    <Box>
      <PageTitle actions={<NewBillButton />}>Clients</PageTitle>
      {organization ? (
        <ClientList orgGuid={organization.guid} />
      ) : (
        <EmptyState title="No organization selected.">Choose an organization to see its clients.</EmptyState>
      )}
    </Box>
  );
}
