import { type BillSummary, type ClientBillList, DEFAULT_PAGE_SIZE, entitiesRoutes } from '@bp/contracts';
import { ALL_ENTITIES, formatDate, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  PageTitle,
} from '../../ui/index.ts';
import { BillStatusChip, useBillList } from '../bills/shared/index.ts';
import { orDash, useChoices } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { cursorForPage, keysetPaging } from '../shared/cursor-paging.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { usePageOrderingParams } from '../shared/usePageOrderingParams.ts';
import {
  ALL_BILLS,
  CLIENT_BILL_LISTS,
  clientBillsPath,
  DEFAULT_BILL_ORDERING,
  DEFAULT_CLIENT_BILL_LIST,
  isClientBillList,
} from './bill-lists.ts';
import { clientBillPagePath } from './billing-paths.ts';

const ALL_TAB = 'all';

const columns: DataColumn<BillSummary>[] = [
  {
    key: 'vendor',
    header: 'Vendor',
    sortField: 'vendor',
    render: (row) => (
      <Link component={RouterLink} to={clientBillPagePath(row.guid)} sx={{ fontWeight: 600 }}>
        {row.vendor.name}
      </Link>
    ),
  },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
  { key: 'invoice', header: 'Invoice #', render: (row) => orDash(row.invoice_number) },
  { key: 'due', header: 'Due Date', sortField: 'due_date', render: (row) => formatDate(row.due_date) },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    sortField: 'amount',
    render: (row) => formatMoney(row.amount),
  },
  { key: 'status', header: 'Status', render: (row) => <BillStatusChip status={row.status} /> },
];

/** /bills: every bill of every entity. */
export function ClientBillsRedirect() {
  return <Navigate to={clientBillsPath(ALL_ENTITIES)} replace />;
}

/**
 * The client's bills: /bills/{entity} (every status) and /bills/{entity}/{list} for the five lists of
 * SPEC.md §2. The entity ('all-entities' = every one), the list, the page and the ordering are in the
 * url, so Back and a reload show the same rows. An unknown list opens Awaiting Approval.
 */
export function ClientBillsPage() {
  const { entityId = ALL_ENTITIES, status } = useParams();
  const { client } = useSession();
  if (status !== undefined && !isClientBillList(status)) {
    return <Navigate to={clientBillsPath(entityId, DEFAULT_CLIENT_BILL_LIST)} replace />;
  }
  if (!client) {
    return (
      <>
        <PageTitle>Bills</PageTitle>
        <EmptyState title="No client selected.">Choose a client to see its bills.</EmptyState>
      </>
    );
  }
  return <ClientBills key={client.guid} clientGuid={client.guid} entity={entityId} list={status} />;
}

function ClientBills({
  clientGuid,
  entity,
  list,
}: {
  clientGuid: string;
  entity: string;
  list: ClientBillList | undefined;
}) {
  const navigate = useNavigate();
  const { page, ordering, cursor, setPageIndex, setOrdering } = usePageOrderingParams(DEFAULT_BILL_ORDERING);
  const entities = useChoices({ route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } });
  const bills = useBillList(
    { clientGuid },
    {
      client_list: list,
      entity,
      ordering,
      page,
      cursor,
      page_size: DEFAULT_PAGE_SIZE,
    },
  );
  const shown = list ? CLIENT_BILL_LISTS.find((item) => item.value === list) : undefined;
  const empty = shown ?? ALL_BILLS;
  const entityOptions = entities.data?.results ?? [];
  const knownEntity = entity === ALL_ENTITIES || entityOptions.some((e) => e.guid === entity);

  const rows = bills.data?.results ?? [];
  return (
    <>
      <PageTitle>Bills</PageTitle>
      <PageIntro>Bills of your entities, by where they are in approval and payment.</PageIntro>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          select
          id="bills-entity"
          label="Entity"
          value={entities.isSuccess || entity === ALL_ENTITIES ? entity : ''}
          onChange={(event) => navigate(clientBillsPath(event.target.value, list))}
          sx={{ minWidth: 260 }}
          helperText={entities.isError ? 'The entities could not be loaded.' : undefined}
          error={entities.isError}
        >
          <MenuItem value={ALL_ENTITIES}>All Entities</MenuItem>
          {entityOptions.map((option) => (
            <MenuItem key={option.guid} value={option.guid}>
              {option.nickname}
            </MenuItem>
          ))}
          {entities.isSuccess && !knownEntity ? <MenuItem value={entity}>Selected entity</MenuItem> : null}
        </TextField>
      </Stack>
      <Tabs
        value={list ?? ALL_TAB}
        onChange={(_event, next: string) =>
          navigate(clientBillsPath(entity, next === ALL_TAB ? undefined : (next as ClientBillList)))
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Bill lists"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab value={ALL_TAB} label={ALL_BILLS.label} id="bills-tab-all" aria-controls="bills-panel" />
        {CLIENT_BILL_LISTS.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item.label}
            id={`bills-tab-${item.value}`}
            aria-controls="bills-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="bills-panel" aria-labelledby={`bills-tab-${list ?? ALL_TAB}`}>
        {bills.isPending ? (
          <LoadingState label="Loading bills…" />
        ) : bills.isError ? (
          <ErrorState message={apiErrorMessage(bills.error)} onRetry={() => void bills.refetch()} />
        ) : rows.length === 0 && page === 1 ? (
          <EmptyState title={empty.empty}>{empty.hint}</EmptyState>
        ) : (
          <DataTable
            label={shown ? `${shown.label} bills` : 'Bills'}
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
      </Box>
    </>
  );
}
