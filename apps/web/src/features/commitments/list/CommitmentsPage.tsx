import { COMMITMENT_ORDERING, type Commitment, commitmentsRoutes, DEFAULT_PAGE_SIZE } from '@bp/contracts';
import {
  ALL_CLIENTS,
  ALL_ENTITIES,
  COMMITMENT_CATEGORY_LABELS,
  COMMITMENT_CATEGORY_VALUES,
  COMMITMENT_FREQUENCY_LABELS,
  COMMITMENT_FREQUENCY_VALUES,
} from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  PageTitle,
  SearchField,
  useToast,
} from '../../../ui/index.ts';
import { useOrgClientChoices } from '../../clients/useOrgClient.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { ClientEntityFilters } from '../../shared/ClientEntityFilters.tsx';
import { useEntityChoices } from '../../shared/form/useBookChoices.ts';
import { PageIntro } from '../../shared/PageIntro.tsx';
import { useDebouncedValue } from '../../shared/useDebouncedValue.ts';
import { CashOutflowSection } from '../cash-outflow/CashOutflowSection.tsx';
import {
  ARCHIVED_COMMITMENTS_PAGE,
  COMMITMENTS_PAGE,
  commitmentPagePath,
  newCommitmentPagePath,
  useCommitmentList,
  useInvalidateCommitments,
} from '../commitment-api.ts';
import { dateOrDash, expectedAmountText } from '../display.tsx';
import { ALL, type ListParams, listSearch, readListParams } from '../list-params.ts';

const columns: DataColumn<Commitment>[] = [
  {
    key: 'vendor',
    header: 'Vendor',
    sortField: 'vendor',
    render: (row) => (
      <Link component={RouterLink} to={commitmentPagePath(row.client.guid, row.id)} sx={{ fontWeight: 600 }}>
        {row.vendor.name}
      </Link>
    ),
  },
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
  {
    key: 'category',
    header: 'Category',
    sortField: 'category',
    render: (row) => COMMITMENT_CATEGORY_LABELS[row.category],
  },
  { key: 'frequency', header: 'Frequency', render: (row) => COMMITMENT_FREQUENCY_LABELS[row.frequency] },
  {
    key: 'amount',
    header: 'Expected Amount',
    align: 'right',
    sortField: 'expected_amount',
    render: (row) => expectedAmountText(row),
  },
  {
    key: 'next',
    header: 'Next Due Date',
    sortField: 'next_due_date',
    render: (row) => dateOrDash(row.next_due_date),
  },
  {
    key: 'autopay',
    header: 'Autopay',
    render: (row) => (row.autopay ? <Chip size="small" label="Autopay" color="secondary" /> : 'No'),
  },
];

/** /commitments: the organisation's commitments across clients. */
export function CommitmentsPage() {
  return <CommitmentsScreen archived={false} />;
}

/** /commitments/archived-commitments: archived commitments, each with Unarchive. */
export function ArchivedCommitmentsPage() {
  return <CommitmentsScreen archived />;
}

function CommitmentsScreen({ archived }: { archived: boolean }) {
  const { organization } = useSession();
  const title = archived ? 'Archived Commitments' : 'Commitments';
  if (!organization) {
    return (
      <Box>
        <PageTitle>{title}</PageTitle>
        <EmptyState title="No organization selected.">
          Choose an organization to see its commitments.
        </EmptyState>
      </Box>
    );
  }
  return <CommitmentList orgGuid={organization.guid} archived={archived} title={title} />;
}

function CommitmentList({ orgGuid, archived, title }: { orgGuid: string; archived: boolean; title: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { api } = useSession();
  const invalidate = useInvalidateCommitments();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams, COMMITMENT_ORDERING);
  const [searchText, setSearchText] = useState(params.search);
  const debounced = useDebouncedValue(searchText, 300);

  const go = (next: Partial<ListParams>) =>
    setSearchParams(new URLSearchParams(listSearch({ ...params, ...next })));

  // The search box writes the URL once typing stops; Back restores the box from the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search moves the URL.
  useEffect(() => {
    if (debounced.trim() !== params.search) go({ search: debounced, page: 1 });
  }, [debounced]);
  useEffect(() => {
    setSearchText((current) => (current.trim() === params.search ? current : params.search));
  }, [params.search]);

  const client = params.client === ALL_CLIENTS ? undefined : params.client;
  const entity = params.entity === ALL_ENTITIES ? undefined : params.entity;
  const clients = useOrgClientChoices(orgGuid);
  const entities = useEntityChoices(client ?? '');
  const list = useCommitmentList(
    { organizationGuid: orgGuid },
    {
      client,
      entity,
      category: params.category === ALL ? undefined : params.category,
      frequency: params.frequency === ALL ? undefined : params.frequency,
      search: params.search || undefined,
      archived: archived ? 'true' : undefined,
      ordering: params.ordering,
      page: params.page,
      page_size: DEFAULT_PAGE_SIZE,
    },
  );

  const unarchive = useMutation({
    mutationFn: (row: Commitment) =>
      api.call(commitmentsRoutes.postBillingClientCommitmentUnarchive, {
        params: { clientGuid: row.client.guid, commitmentId: row.id },
        body: { version: row.version },
      }),
    onSuccess: (row) => {
      toast.success(`${row.vendor.name} is active again.`);
      void invalidate();
    },
    onError: (error) => toast.error(`The commitment was not unarchived. ${apiErrorMessage(error)}`),
  });

  const filtered =
    client !== undefined || params.category !== ALL || params.frequency !== ALL || params.search !== '';
  const rows = list.data?.results ?? [];
  const clientName = clients.data?.results.find((c) => c.guid === client)?.name;

  return (
    <Box>
      <PageTitle
        actions={
          archived ? (
            <Button component={RouterLink} to={`${COMMITMENTS_PAGE}${listSearch({ ...params, page: 1 })}`}>
              Active commitments
            </Button>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button
                component={RouterLink}
                to={`${ARCHIVED_COMMITMENTS_PAGE}${listSearch({ ...params, page: 1 })}`}
                startIcon={<ArchiveOutlinedIcon />}
              >
                Archived
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => void navigate(newCommitmentPagePath(client))}
              >
                New Commitment
              </Button>
            </Stack>
          )
        }
      >
        {title}
      </PageTitle>
      <PageIntro>
        {archived
          ? 'Commitments no longer scheduled. Unarchive one to schedule its payments again.'
          : "Your clients' recurring payments: loans, cards, utilities, taxes and insurance, with their next due date."}
      </PageIntro>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <ClientEntityFilters
          idPrefix="commitments"
          minWidth={220}
          client={params.client}
          entity={params.entity}
          clients={clients}
          entities={entities}
          clientsProblem={clients.isError ? 'The clients could not be loaded.' : undefined}
          onChange={(change) => go({ ...change, page: 1 })}
        />
        <TextField
          id="commitments-category"
          select
          label="Category"
          value={params.category}
          onChange={(event) => go({ category: event.target.value as ListParams['category'], page: 1 })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>All categories</MenuItem>
          {COMMITMENT_CATEGORY_VALUES.map((value) => (
            <MenuItem key={value} value={value}>
              {COMMITMENT_CATEGORY_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="commitments-frequency"
          select
          label="Frequency"
          value={params.frequency}
          onChange={(event) => go({ frequency: event.target.value as ListParams['frequency'], page: 1 })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value={ALL}>All frequencies</MenuItem>
          {COMMITMENT_FREQUENCY_VALUES.map((value) => (
            <MenuItem key={value} value={value}>
              {COMMITMENT_FREQUENCY_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <SearchField
          id="commitments-search"
          label="Search vendor or memo"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ minWidth: 220 }}
        />
      </Stack>

      {list.isPending ? (
        <LoadingState label="Loading commitments…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && params.page === 1 ? (
        filtered ? (
          <EmptyState title="No commitments match these filters.">
            Choose all clients, another category or frequency, or clear the search.
          </EmptyState>
        ) : archived ? (
          <EmptyState title="No archived commitments.">
            Commitments you archive will be listed here.
          </EmptyState>
        ) : (
          <EmptyState title="No commitments yet.">
            Add a client's recurring payment with New Commitment to schedule its bills.
          </EmptyState>
        )
      ) : (
        <DataTable
          label={title}
          columns={columns}
          rowKey={(row) => row.guid}
          rows={rows}
          paging={{
            count: list.data.count,
            page: params.page - 1,
            pageSize: DEFAULT_PAGE_SIZE,
            onPageChange: (next) => go({ page: next + 1 }),
          }}
          ordering={params.ordering}
          onOrderingChange={(ordering) => go({ ordering, page: 1 })}
          updating={list.isFetching && !list.isPending}
          actions={
            archived
              ? (row) => (
                  <Button
                    size="small"
                    onClick={() => unarchive.mutate(row)}
                    loading={unarchive.isPending && unarchive.variables?.id === row.id}
                    disabled={unarchive.isPending}
                    aria-label={`Unarchive ${row.vendor.name}`}
                  >
                    Unarchive
                  </Button>
                )
              : undefined
          }
        />
      )}

      {/* Staff see a client's cash outflow here, under its commitments, once the list is filtered to that client. */}
      {!archived && client !== undefined ? (
        <Box sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {clientName ? `Cash outflow of ${clientName}` : 'Cash outflow'}
          </Typography>
          <CashOutflowSection clientGuid={client} entity={params.entity} />
        </Box>
      ) : null}
    </Box>
  );
}
