import { type Commitment, DEFAULT_PAGE_SIZE, entitiesRoutes } from '@bp/contracts';
import { ALL_ENTITIES, COMMITMENT_CATEGORY_LABELS, COMMITMENT_FREQUENCY_LABELS } from '@bp/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  PageTitle,
} from '../../../ui/index.ts';
import { useChoices } from '../../client-records/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { PageIntro } from '../../shared/PageIntro.tsx';
import { CashOutflowSection } from '../cash-outflow/CashOutflowSection.tsx';
import { clientCommitmentsPagePath, useCommitmentList } from '../commitment-api.ts';
import { dateOrDash, expectedAmountText, scheduleText } from '../display.tsx';

const columns: DataColumn<Commitment>[] = [
  { key: 'vendor', header: 'Vendor', render: (row) => <strong>{row.vendor.name}</strong> },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
  { key: 'category', header: 'Category', render: (row) => COMMITMENT_CATEGORY_LABELS[row.category] },
  {
    key: 'frequency',
    header: 'Frequency',
    render: (row) => (
      <>
        {COMMITMENT_FREQUENCY_LABELS[row.frequency]}
        <Typography variant="caption" color="text.secondary" component="div">
          {scheduleText(row)}
        </Typography>
      </>
    ),
  },
  { key: 'amount', header: 'Expected Amount', align: 'right', render: (row) => expectedAmountText(row) },
  { key: 'next', header: 'Next Due Date', render: (row) => dateOrDash(row.next_due_date) },
  { key: 'autopay', header: 'Autopay', render: (row) => (row.autopay ? 'Yes' : 'No') },
];

/**
 * The client's /commitments/{entityGuid} and /commitments/all-entities: its commitments (read-only)
 * and what will leave its accounts over the next 12 months (cash outflow and monthly overview).
 */
export function ClientCommitmentsPage() {
  const { commitmentId: entity = ALL_ENTITIES } = useParams();
  const { client } = useSession();
  if (!client) {
    return (
      <>
        <PageTitle>Commitments</PageTitle>
        <EmptyState title="No client selected.">Choose a client to see its commitments.</EmptyState>
      </>
    );
  }
  return <ClientCommitments key={client.guid} clientGuid={client.guid} entity={entity} />;
}

function ClientCommitments({ clientGuid, entity }: { clientGuid: string; entity: string }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const entities = useChoices({ route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } });
  const list = useCommitmentList(
    { clientGuid },
    {
      entity: entity === ALL_ENTITIES ? undefined : entity,
      ordering: 'next_due_date',
      page,
      page_size: DEFAULT_PAGE_SIZE,
    },
  );
  const options = entities.data?.results ?? [];
  const known = entity === ALL_ENTITIES || options.some((e) => e.guid === entity);
  const rows = list.data?.results ?? [];

  return (
    <Box>
      <PageTitle>Commitments</PageTitle>
      <PageIntro>
        Your recurring payments and what will leave your accounts over the next 12 months.
      </PageIntro>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          id="client-commitments-entity"
          label="Entity"
          value={entities.isSuccess || entity === ALL_ENTITIES ? entity : ''}
          onChange={(event) => void navigate(clientCommitmentsPagePath(event.target.value))}
          sx={{ minWidth: 260 }}
          error={entities.isError}
          helperText={entities.isError ? 'The entities could not be loaded.' : undefined}
        >
          <MenuItem value={ALL_ENTITIES}>All Entities</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.guid} value={option.guid}>
              {option.nickname}
            </MenuItem>
          ))}
          {entities.isSuccess && !known ? <MenuItem value={entity}>Selected entity</MenuItem> : null}
        </TextField>
      </Stack>

      {list.isPending ? (
        <LoadingState label="Loading commitments…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState title="No commitments.">
          Recurring payments your team sets up for {entity === ALL_ENTITIES ? 'your entities' : 'this entity'}{' '}
          appear here.
        </EmptyState>
      ) : (
        <DataTable
          label="Commitments"
          columns={columns}
          rowKey={(row) => row.guid}
          rows={rows}
          paging={{
            count: list.data.count,
            page: page - 1,
            pageSize: DEFAULT_PAGE_SIZE,
            onPageChange: (next) =>
              setSearchParams((params) => {
                const copy = new URLSearchParams(params);
                if (next === 0) copy.delete('page');
                else copy.set('page', String(next + 1));
                return copy;
              }),
          }}
          updating={list.isFetching && !list.isPending}
        />
      )}

      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        Cash outflow
      </Typography>
      <CashOutflowSection clientGuid={clientGuid} entity={entity} />
    </Box>
  );
}
