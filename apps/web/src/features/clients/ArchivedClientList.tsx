import { clientsRoutes, DEFAULT_PAGE_SIZE, type OrgClient } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, ErrorState, LoadingState } from '../../ui/index.ts';
import { ConfirmActionDialog, orDash, useInvalidateList, usePagedList } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { orgClientsList } from './useOrgClient.ts';

const columns: DataColumn<OrgClient>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
  { key: 'contact', header: 'Primary contact', render: (row) => orDash(row.primary_contact) },
  {
    key: 'fees',
    header: 'Total fees ($)',
    align: 'right',
    render: (row) => formatMoney(row.total_ff_amount),
  },
  { key: 'archived', header: 'Archived', render: (row) => formatDate(row.archived_on) },
];

/** The archived clients of one service, each with Unarchive (confirmed). */
export function ArchivedClientList({ orgGuid, service }: { orgGuid: string; service: string }) {
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const clients = orgClientsList(orgGuid);
  const [page, setPage] = useState(0);
  const [ordering, setOrdering] = useState('name');
  const [restoring, setRestoring] = useState<OrgClient | null>(null);
  const list = usePagedList(clients, { page: page + 1, ordering, service, archived: 'true' });
  const rows = list.data?.results ?? [];

  if (list.isPending) return <LoadingState label="Loading archived clients…" />;
  if (list.isError)
    return <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />;
  return (
    <>
      {rows.length === 0 && page === 0 ? (
        <EmptyState title="No archived clients.">
          Clients of this service you archive will be listed here.
        </EmptyState>
      ) : (
        <DataTable
          label="Archived clients"
          columns={columns}
          rowKey={(row) => row.guid}
          rows={rows}
          paging={{
            count: list.data.count,
            page: page,
            pageSize: DEFAULT_PAGE_SIZE,
            onPageChange: setPage,
          }}
          ordering={ordering}
          onOrderingChange={setOrdering}
          updating={list.isFetching}
          actions={(row) => (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setRestoring(row)}
              aria-label={`Unarchive ${row.name}`}
            >
              Unarchive
            </Button>
          )}
        />
      )}
      <ConfirmActionDialog
        open={restoring !== null}
        title={`Unarchive ${restoring?.name ?? 'client'}?`}
        message="The client returns to the client list, and its people can use the app again."
        confirmLabel="Unarchive"
        successMessage="Client unarchived."
        destructive={false}
        onConfirm={async () => {
          if (!restoring) return;
          await api.call(clientsRoutes.postAccountsOrganizationClientUnarchive, {
            params: { orgGuid, clientGuid: restoring.guid },
          });
          if (rows.length === 1 && page > 0) setPage(page - 1);
          await invalidate(clients);
        }}
        onClose={() => setRestoring(null)}
      />
    </>
  );
}
