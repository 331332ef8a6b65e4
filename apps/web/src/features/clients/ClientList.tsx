import { clientsRoutes, createClientRequest, DEFAULT_PAGE_SIZE, type OrgClient } from '@bp/contracts';
import {
  CLIENT_SERVICE_LABELS,
  CLIENT_SERVICE_VALUES,
  formatDate,
  formatMoney,
  labelOf,
  ONBOARDING_PROGRESS_STATUS_LABELS,
  ONBOARDING_PROGRESS_STATUS_VALUES,
} from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  SearchField,
} from '../../ui/index.ts';
import {
  orDash,
  payloadAs,
  RecordFormDialog,
  useInvalidateList,
  usePagedList,
} from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { archivedListPath, onboardingLabel, onboardingPath } from './client-display.ts';
import { clientFields, NEW_CLIENT_DEFAULTS, newClientPayload, SERVICE_OPTIONS } from './client-fields.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { useClientReferrerOptions } from './useClientReferrerOptions.ts';
import { orgClientsList } from './useOrgClient.ts';

export const CLIENT_SEARCH_DEBOUNCE_MS = 300;
const ALL_SERVICES = 'all-clients';

const columns: DataColumn<OrgClient>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (row) => (
      <Link component={RouterLink} to={`/clients/${row.guid}`} sx={{ fontWeight: 600 }}>
        {row.name}
      </Link>
    ),
  },
  { key: 'service', header: 'Service', render: (row) => labelOf(CLIENT_SERVICE_LABELS, row.service) },
  { key: 'contact', header: 'Primary contact', render: (row) => orDash(row.primary_contact) },
  {
    key: 'onboarding',
    header: 'Onboarding',
    render: (row) => {
      const progress = row.onboarding_progress;
      const text = progress
        ? `${ONBOARDING_PROGRESS_STATUS_LABELS[progress.status]} · ${progress.completed_steps}/${progress.total_steps} steps`
        : onboardingLabel(row);
      if (row.is_onboarding_completed) return text;
      // Staff open the client's checklist from here: start it, or continue where it stands.
      return (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{text}</span>
          <Link
            component={RouterLink}
            to={onboardingPath(row.guid)}
            aria-label={`${progress?.status === 'not_started' ? 'Start' : 'Continue'} onboarding of ${row.name}`}
          >
            {progress?.status === 'not_started' ? 'Start onboarding' : 'Continue onboarding'}
          </Link>
        </Stack>
      );
    },
  },
  {
    key: 'fees',
    header: 'Total fees ($)',
    align: 'right',
    render: (row) => formatMoney(row.total_ff_amount),
  },
  { key: 'created', header: 'Created', sortField: 'created_on', render: (row) => formatDate(row.created_on) },
];

/** The organisation's clients: search, service filter, sorting, paging, new client and export. */
export function ClientList({ orgGuid }: { orgGuid: string }) {
  const { api } = useSession();
  const navigate = useNavigate();
  const invalidate = useInvalidateList();
  const clients = orgClientsList(orgGuid);
  const [search, setSearch] = useState('');
  const [service, setService] = useState(ALL_SERVICES);
  const [onboarding, setOnboarding] = useState(ALL_SERVICES);
  const [ordering, setOrdering] = useState('name');
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const referrers = useClientReferrerOptions(creating);
  const newClientFields = useMemo(() => clientFields(referrers, false), [referrers]);
  const debouncedSearch = useDebouncedValue(search.trim(), CLIENT_SEARCH_DEBOUNCE_MS);
  const filters = {
    ordering,
    search: debouncedSearch || undefined,
    // 'All services' is no filter: only a service the API knows is sent.
    service: CLIENT_SERVICE_VALUES.find((value) => value === service),
    onboarding: ONBOARDING_PROGRESS_STATUS_VALUES.find((value) => value === onboarding),
  };
  const list = usePagedList(clients, { ...filters, page: page + 1 });
  const rows = list.data?.results ?? [];

  return (
    <>
      <PageIntro>Every client of your organization, with its service, fees and onboarding.</PageIntro>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <SearchField
          id="client-search"
          label="Search clients"
          placeholder="Client name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 260 }}
        />
        <TextField
          id="client-service"
          select
          label="Service"
          value={service}
          onChange={(event) => {
            setService(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value={ALL_SERVICES}>All services</MenuItem>
          {SERVICE_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="client-onboarding"
          select
          label="Onboarding"
          value={onboarding}
          onChange={(event) => {
            setOnboarding(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ALL_SERVICES}>Any onboarding</MenuItem>
          {ONBOARDING_PROGRESS_STATUS_VALUES.map((value) => (
            <MenuItem key={value} value={value}>
              {ONBOARDING_PROGRESS_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <ExportMenu orgGuid={orgGuid} filters={filters} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New client
        </Button>
      </Stack>

      {list.isPending ? (
        <LoadingState label="Loading clients…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 0 ? (
        debouncedSearch || service !== ALL_SERVICES || onboarding !== ALL_SERVICES ? (
          <EmptyState title="No clients match your search." />
        ) : (
          <EmptyState title="No clients yet.">
            Clients you add with New client will be listed here, with their service and fees.
          </EmptyState>
        )
      ) : (
        <DataTable
          label="Clients"
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
          onOrderingChange={(next) => {
            setOrdering(next);
            setPage(0);
          }}
          updating={list.isFetching}
        />
      )}

      <Stack direction="row" spacing={3} sx={{ mt: 2 }}>
        {SERVICE_OPTIONS.map((option) => (
          <Link key={option.value} component={RouterLink} to={archivedListPath(option.value)}>
            Archived {option.label} clients
          </Link>
        ))}
      </Stack>

      <RecordFormDialog
        open={creating}
        title="New client"
        fields={newClientFields}
        schema={createClientRequest}
        item={null}
        defaults={NEW_CLIENT_DEFAULTS}
        submitLabel="Create client"
        successMessage="Client created."
        onSubmit={async (payload) => {
          const created = await api.call(clientsRoutes.postAccountsOrganizationClients, {
            params: clients.params,
            body: payloadAs(createClientRequest, newClientPayload(payload)),
          });
          await invalidate(clients);
          navigate(`/clients/${created.guid}`);
        }}
        onClose={() => setCreating(false)}
      />
    </>
  );
}
