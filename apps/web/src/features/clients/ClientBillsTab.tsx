import { type BillSummary, DEFAULT_PAGE_SIZE } from '@bp/contracts';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type DataColumn, DataTable, EmptyState, ErrorState, LoadingState } from '../../ui/index.ts';
import { DEFAULT_BILL_ORDERING } from '../bill-lists/bill-lists.ts';
import { NewBillButton, useCanCreateBills } from '../bills/form/NewBillButton.tsx';
import { BillStatusChip, billPagePath, DateText, MoneyText, useBillList } from '../bills/shared/index.ts';
import { orDash } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { cursorForPage, keysetPaging } from '../shared/cursor-paging.ts';
import { usePageOrderingParams } from '../shared/usePageOrderingParams.ts';

const columns: DataColumn<BillSummary>[] = [
  {
    key: 'vendor',
    header: 'Vendor',
    sortField: 'vendor',
    render: (row) => (
      <Link component={RouterLink} to={billPagePath(row.client.guid, row.guid)} sx={{ fontWeight: 600 }}>
        {row.vendor.name}
      </Link>
    ),
  },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
  { key: 'invoice', header: 'Invoice #', render: (row) => orDash(row.invoice_number) },
  {
    key: 'due',
    header: 'Due Date',
    sortField: 'due_date',
    render: (row) => <DateText value={row.due_date} />,
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    sortField: 'amount',
    render: (row) => <MoneyText cents={row.amount} />,
  },
  { key: 'status', header: 'Status', render: (row) => <BillStatusChip status={row.status} /> },
];

/**
 * The client page's Bills tab: every bill of the client (drafts included: staff see them), soonest
 * due first by default, sortable and paged. Page and ordering live in the url next to `tab`, so Back
 * and a reload show the same rows; changing tab clears them.
 */
export function ClientBillsTab({ clientGuid }: { clientGuid: string }) {
  const canCreate = useCanCreateBills();
  const { page, ordering, cursor, setPageIndex, setOrdering } = usePageOrderingParams(DEFAULT_BILL_ORDERING);
  const bills = useBillList({ clientGuid }, { ordering, page, cursor, page_size: DEFAULT_PAGE_SIZE });

  const rows = bills.data?.results ?? [];
  return (
    <>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="h6" component="h2">
          Bills
        </Typography>
        <NewBillButton clientGuid={clientGuid} />
      </Stack>
      {bills.isPending ? (
        <LoadingState label="Loading bills…" />
      ) : bills.isError ? (
        <ErrorState message={apiErrorMessage(bills.error)} onRetry={() => void bills.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState title="No bills yet.">
          {canCreate
            ? 'Enter the first one with New bill; bills e-mailed in wait in the pre-bill inbox.'
            : 'Bills entered for this client will be listed here.'}
        </EmptyState>
      ) : (
        <DataTable
          label="Bills"
          columns={columns}
          rowKey={(row) => row.guid}
          rows={rows}
          paging={keysetPaging(bills.data, page, DEFAULT_PAGE_SIZE, (index) =>
            setPageIndex(index, cursorForPage(bills.data, page, index + 1)),
          )}
          ordering={ordering}
          onOrderingChange={setOrdering}
          updating={bills.isFetching}
        />
      )}
    </>
  );
}
