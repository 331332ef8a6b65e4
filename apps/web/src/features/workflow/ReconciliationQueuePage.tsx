import {
  DEFAULT_PAGE_SIZE,
  REVIEW_LEVELS,
  type Reconciliation,
  type ReviewLevel,
  workflowRoutes,
} from '@bp/contracts';
import { RECONCILIATION_STEP_VALUES, type ReconciliationStep } from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  FilterSelect,
  LoadingState,
  PageTitle,
  useToast,
} from '../../ui/index.ts';
import { useOrgClientChoices } from '../clients/useOrgClient.ts';
import { ReconciliationBankItems } from '../financial-accounts/ReconciliationBankItems.tsx';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useUrlFilters } from '../shared/useUrlFilters.ts';
import { NewReconciliationDialog } from './NewReconciliationDialog.tsx';
import { ReconciliationMoves } from './ReconciliationMoves.tsx';
import {
  type QueueParams,
  useInvalidateWorkflow,
  useReconciliationQueue,
  useStaffChoices,
} from './workflow-api.ts';
import { DUE_OPTIONS, type Due, personName, staffOptions } from './workflow-filters.ts';

const REVIEW_LABELS: Record<ReviewLevel, string> = {
  initial: 'Initial',
  secondary: 'Secondary',
  final: 'Final',
  reconciliation: 'Reconciliation',
  gl: 'GL',
  financial: 'Financial',
};

const columns: DataColumn<Reconciliation>[] = [
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'entity', header: 'Entity', render: (row) => row.entity.name },
  { key: 'account', header: 'Account', render: (row) => row.account?.name ?? 'All accounts' },
  { key: 'period', header: 'Period', render: (row) => `${row.period_start} to ${row.period_end}` },
  { key: 'step', header: 'Step', render: (row) => row.step },
  {
    key: 'due',
    header: 'Due',
    render: (row) =>
      row.is_overdue ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="span" color="error" sx={{ fontWeight: 600 }}>
            {row.due_date}
          </Typography>
          <Chip size="small" color="error" label="Overdue" />
        </Stack>
      ) : (
        row.due_date
      ),
  },
  { key: 'assignee', header: 'Assignee', render: (row) => personName(row.assignee) },
];

type Mode = 'active' | 'inactive' | 'review';

/** /workflow/reconciliation-workflow: account-periods in progress, as a work queue. */
export function ReconciliationWorkflowPage() {
  return <QueueScreen mode="active" title="Reconciliation Workflow" />;
}
/** /workflow/reconciliation-workflow/inactive: those back to Active. */
export function InactiveReconciliationWorkflowPage() {
  return <QueueScreen mode="inactive" title="Inactive Reconciliations" />;
}
/** /workflow/review: what waits for initial, secondary, final, GL and financial review. */
export function ReviewPage() {
  return <QueueScreen mode="review" title="Review" />;
}

function QueueScreen({ mode, title }: { mode: Mode; title: string }) {
  const { organization } = useSession();
  if (!organization) {
    return (
      <Box>
        <PageTitle>{title}</PageTitle>
        <EmptyState title="No organization selected.">Choose an organization to see its work.</EmptyState>
      </Box>
    );
  }
  return <Queue orgGuid={organization.guid} mode={mode} title={title} />;
}

function Queue({ orgGuid, mode, title }: { orgGuid: string; mode: Mode; title: string }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateWorkflow();
  const { search, set, page, setPage } = useUrlFilters();
  const value = (key: string) => search.get(key) || undefined;
  const review = mode === 'review' ? ((search.get('review') as ReviewLevel | null) ?? 'initial') : undefined;
  const params: QueueParams = {
    inactive: mode === 'inactive' ? 'true' : undefined,
    review,
    client: value('client'),
    assignee: value('assignee'),
    step: mode === 'active' ? (value('step') as ReconciliationStep | undefined) : undefined,
    due: value('due') as Due | undefined,
    // The dashboard's "progress for the month" links here with period=YYYY-MM.
    period: /^\d{4}-\d{2}$/.test(search.get('period') ?? '')
      ? (search.get('period') ?? undefined)
      : undefined,
    page,
  };
  const { list, counts } = useReconciliationQueue(orgGuid, params);
  const clients = useOrgClientChoices(orgGuid);
  const staff = useStaffChoices(orgGuid);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [assignTo, setAssignTo] = useState('');
  const [creating, setCreating] = useState(false);

  const assign = useMutation({
    mutationFn: () =>
      api.call(workflowRoutes.postReportsOrganizationReconciliationsBulkAssign, {
        params: { organizationGuid: orgGuid },
        body: { reconciliations: [...selected], assignee: assignTo === 'nobody' ? null : assignTo },
      }),
    onSuccess: (result) => {
      toast.success(`${result.updated} reconciliation${result.updated === 1 ? '' : 's'} assigned.`);
      setSelected(new Set());
      void invalidate();
    },
    onError: (error) => toast.error(`Nothing was assigned. ${apiErrorMessage(error)}`),
  });

  const rows = list.data?.results ?? [];
  const filtered = ['client', 'assignee', 'step', 'due', 'period'].some((k) => search.has(k));
  const toggle = (row: Reconciliation) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(row.guid)) next.delete(row.guid);
      else next.add(row.guid);
      return next;
    });

  return (
    <Box>
      <PageTitle
        actions={
          mode === 'review' ? undefined : (
            <Stack direction="row" spacing={1}>
              <Button
                component={RouterLink}
                to={
                  mode === 'active'
                    ? '/workflow/reconciliation-workflow/inactive'
                    : '/workflow/reconciliation-workflow'
                }
              >
                {mode === 'active' ? 'Inactive' : 'In progress'}
              </Button>
              {mode === 'active' ? (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                  New Reconciliation
                </Button>
              ) : null}
            </Stack>
          )
        }
      >
        {title}
      </PageTitle>
      <PageIntro>
        {mode === 'review'
          ? 'Reconciliations waiting for a review. Whoever prepared one cannot review it.'
          : mode === 'inactive'
            ? 'Reconciliations that went through every step and are active again.'
            : 'Account-periods moving from Open to Active, soonest due first. Overdue ones are marked.'}
      </PageIntro>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        {mode === 'review' ? (
          <FilterSelect
            id="queue-review"
            label="Review"
            value={review}
            options={(Object.keys(REVIEW_LEVELS) as ReviewLevel[]).map((level) => ({
              value: level,
              label: REVIEW_LABELS[level],
            }))}
            onChange={(next) => set('review', next)}
          />
        ) : null}
        <FilterSelect
          id="queue-client"
          label="Client"
          value={value('client')}
          allLabel="All clients"
          minWidth={200}
          options={(clients.data?.results ?? []).map((c) => ({ value: c.guid, label: c.name }))}
          onChange={(next) => set('client', next)}
        />
        <FilterSelect
          id="queue-assignee"
          label="Assignee"
          value={value('assignee')}
          allLabel="Everyone"
          minWidth={200}
          options={staffOptions(staff.data?.results)}
          onChange={(next) => set('assignee', next)}
        />
        {mode === 'active' ? (
          <FilterSelect
            id="queue-step"
            label="Step"
            value={value('step')}
            allLabel="All steps"
            minWidth={200}
            options={RECONCILIATION_STEP_VALUES.filter((s) => s !== 'Active').map((step) => ({
              value: step,
              label: `${step} ${counts.data?.by_step[step] ? `(${counts.data.by_step[step]})` : ''}`,
            }))}
            onChange={(next) => set('step', next)}
          />
        ) : null}
        <FilterSelect
          id="queue-due"
          label="Due"
          value={value('due')}
          allLabel="Any time"
          options={DUE_OPTIONS}
          onChange={(next) => set('due', next)}
        />
        {params.period ? (
          <Chip
            sx={{ alignSelf: 'center' }}
            label={`Periods ending in ${params.period}`}
            onDelete={() => set('period', '')}
          />
        ) : null}
      </Stack>

      {counts.data ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} aria-label="Counts">
          <Chip label={`${counts.data.total} in this list`} />
          <Chip
            color={counts.data.overdue > 0 ? 'error' : 'default'}
            label={`${counts.data.overdue} overdue`}
          />
        </Stack>
      ) : null}

      {selected.size > 0 ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography>{selected.size} selected</Typography>
          <TextField
            id="queue-assign-to"
            select
            size="small"
            label="Assign to"
            value={assignTo}
            onChange={(e) => setAssignTo(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="nobody">Nobody</MenuItem>
            {(staff.data?.results ?? []).map((s) => (
              <MenuItem key={s.guid} value={s.guid}>
                {s.first_name} {s.last_name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={assignTo === ''}
            loading={assign.isPending}
            onClick={() => assign.mutate()}
          >
            Assign
          </Button>
        </Stack>
      ) : null}

      {list.isPending ? (
        <LoadingState label="Loading reconciliations…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState title={filtered ? 'No reconciliations match these filters.' : 'Nothing here yet.'}>
          {filtered
            ? 'Choose all clients, everyone or another step or due date.'
            : mode === 'review'
              ? 'Reconciliations waiting for this review will be listed here.'
              : 'Reconciliations of your clients will be listed here.'}
        </EmptyState>
      ) : (
        <DataTable
          label={title}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.guid}
          paging={{
            count: list.data.count,
            page: page - 1,
            pageSize: DEFAULT_PAGE_SIZE,
            onPageChange: (next) => setPage(next + 1),
          }}
          updating={list.isFetching && !list.isPending}
          actions={
            mode === 'inactive'
              ? undefined
              : (row) => (
                  <>
                    <ReconciliationMoves row={row} />
                    <ReconciliationBankItems row={row} />
                  </>
                )
          }
          selection={
            mode === 'inactive'
              ? undefined
              : {
                  selected,
                  onToggle: toggle,
                  onTogglePage: (pageRows, select) =>
                    setSelected((now) => {
                      const next = new Set(now);
                      for (const r of pageRows) {
                        if (select) next.add(r.guid);
                        else next.delete(r.guid);
                      }
                      return next;
                    }),
                  rowLabel: (row) => `Select ${row.client.name} ${row.entity.name} ${row.period_end}`,
                  pageLabel: 'Select all reconciliations on this page',
                }
          }
        />
      )}
      {creating ? (
        <NewReconciliationDialog
          orgGuid={orgGuid}
          onCreated={() => {
            setCreating(false);
            void invalidate();
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Box>
  );
}
