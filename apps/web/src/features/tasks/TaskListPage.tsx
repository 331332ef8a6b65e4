import { DEFAULT_PAGE_SIZE, type WorkflowTask } from '@bp/contracts';
import {
  ASSIGNMENT_KIND_LABELS,
  ASSIGNMENT_KIND_VALUES,
  TASK_STATUS_LABELS,
  TASK_STATUS_VALUES,
  TASK_TYPE_LABELS,
  TASK_TYPE_VALUES,
  type TaskStatus,
  type TaskType,
} from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
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
import { staffBillPagePath } from '../bill-lists/billing-paths.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { choicesOf } from '../shared/form/choices.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useUrlFilters } from '../shared/useUrlFilters.ts';
import { useStaffChoices } from '../workflow/workflow-api.ts';
import { DUE_OPTIONS, DUE_VALUES, type Due, personName, staffOptions } from '../workflow/workflow-filters.ts';
import { CommentsDialog, EditTaskDialog } from './TaskDialogs.tsx';
import { type TaskListParams, useRaiseNow, useTaskList } from './tasks-api.ts';

const typeLabel = (t: WorkflowTask) => (t.type ? TASK_TYPE_LABELS[t.type] : 'Bill step');

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

const columns: DataColumn<WorkflowTask>[] = [
  {
    key: 'title',
    header: 'Task',
    render: (row) =>
      row.bill ? (
        <RouterLink to={staffBillPagePath(row.client.guid, row.bill)}>{row.title}</RouterLink>
      ) : (
        row.title
      ),
  },
  { key: 'type', header: 'Type', render: typeLabel },
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'status', header: 'Status', render: (row) => TASK_STATUS_LABELS[row.status] },
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
        (row.due_date ?? 'No due date')
      ),
  },
  { key: 'assignee', header: 'Assignee', render: (row) => personName(row.assignee) },
  { key: 'backup', header: 'Backup', render: (row) => (row.backup ? personName(row.backup) : '—') },
];

/**
 * /workflow/tasks (decision 026): everyone's work in one list, workflow tasks and bill steps' tasks, with
 * the filters in the URL so the dashboards' figures link straight to the tasks they count.
 */
export function TaskListPage() {
  const { organization } = useSession();
  if (!organization) {
    return (
      <Box>
        <PageTitle>Tasks</PageTitle>
        <EmptyState title="No organization selected.">Choose an organization to see its tasks.</EmptyState>
      </Box>
    );
  }
  return <Tasks orgGuid={organization.guid} />;
}

function Tasks({ orgGuid }: { orgGuid: string }) {
  const { search, set, page, setPage } = useUrlFilters({ assignee: ['assignment'] });
  const toast = useToast();
  const staff = useStaffChoices(orgGuid);
  const raise = useRaiseNow(orgGuid);
  const [editing, setEditing] = useState<WorkflowTask | null>(null);
  const [commenting, setCommenting] = useState<WorkflowTask | null>(null);
  const params: TaskListParams = {
    type: oneOf<TaskType | 'bill'>([...TASK_TYPE_VALUES, 'bill'], search.get('type')),
    status: oneOf<TaskStatus>(TASK_STATUS_VALUES, search.get('status')),
    open: search.get('open') === 'true' ? 'true' : undefined,
    assignee: search.get('assignee') ?? undefined,
    assignment: search.get('assignee') ? oneOf(ASSIGNMENT_KIND_VALUES, search.get('assignment')) : undefined,
    due: oneOf<Due>(DUE_VALUES, search.get('due')),
    page,
  };
  const list = useTaskList(orgGuid, params);
  const rows = list.data?.results ?? [];
  const filtered = ['type', 'status', 'open', 'assignee', 'due'].some((k) => search.has(k));

  return (
    <Box>
      <PageTitle
        actions={
          <Button
            variant="outlined"
            loading={raise.isPending}
            onClick={() =>
              raise.mutate(undefined, {
                onSuccess: ({ raised }) =>
                  toast.success(
                    raised === 0
                      ? 'No task was due to be raised.'
                      : `${raised} ${raised === 1 ? 'task' : 'tasks'} raised.`,
                  ),
                onError: (error) => toast.error(`Nothing was raised. ${apiErrorMessage(error)}`),
              })
            }
          >
            Raise due tasks now
          </Button>
        }
      >
        Tasks
      </PageTitle>
      <PageIntro>
        Report reminders, reconciliations, reviews and bill steps in one list, soonest due first. Overdue ones
        are marked.
      </PageIntro>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <FilterSelect
          id="tasks-type"
          label="Type"
          value={params.type}
          allLabel="All types"
          options={[...choicesOf(TASK_TYPE_VALUES, TASK_TYPE_LABELS), { value: 'bill', label: 'Bill step' }]}
          onChange={(next) => set('type', next)}
        />
        <FilterSelect
          id="tasks-status"
          label="Status"
          value={params.status}
          allLabel="Any status"
          options={choicesOf(TASK_STATUS_VALUES, TASK_STATUS_LABELS)}
          onChange={(next) => set('status', next)}
        />
        <FilterSelect
          id="tasks-assignee"
          label="Person"
          value={params.assignee}
          allLabel="Everyone"
          minWidth={200}
          options={[
            ...staffOptions(staff.data?.results),
            ...(params.assignee && !staff.data?.results.some((s) => s.guid === params.assignee)
              ? [{ value: params.assignee, label: 'Someone else' }]
              : []),
          ]}
          onChange={(next) => set('assignee', next)}
        />
        <FilterSelect
          id="tasks-assignment"
          label="As"
          value={params.assignment}
          allLabel="Assignee or backup"
          minWidth={160}
          disabled={!params.assignee}
          options={choicesOf(ASSIGNMENT_KIND_VALUES, ASSIGNMENT_KIND_LABELS)}
          onChange={(next) => set('assignment', next)}
        />
        <FilterSelect
          id="tasks-due"
          label="Due"
          value={params.due}
          allLabel="Any time"
          options={DUE_OPTIONS}
          onChange={(next) => set('due', next)}
        />
        <FormControlLabel
          control={
            <Switch
              checked={params.open === 'true'}
              onChange={(e) => set('open', e.target.checked ? 'true' : '')}
            />
          }
          label="Open only"
        />
      </Stack>

      {list.data ? (
        <Typography sx={{ mb: 1 }} aria-live="polite">
          {list.data.count} {list.data.count === 1 ? 'task' : 'tasks'} in this list
        </Typography>
      ) : null}

      {list.isPending ? (
        <LoadingState label="Loading tasks…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState title={filtered ? 'No tasks match these filters.' : 'No tasks yet.'}>
          {filtered
            ? 'Choose another type, status, person or due date.'
            : 'Tasks raised by reminders and task rules, and bill steps waiting on your team, are listed here.'}
        </EmptyState>
      ) : (
        <DataTable
          label="Tasks"
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
          actions={(row) => (
            <Stack direction="row" spacing={1}>
              {row.type ? (
                <Button size="small" onClick={() => setEditing(row)} aria-label={`Change ${row.title}`}>
                  Change
                </Button>
              ) : null}
              <Button size="small" onClick={() => setCommenting(row)} aria-label={`Comments on ${row.title}`}>
                Comments
              </Button>
            </Stack>
          )}
        />
      )}
      {editing ? <EditTaskDialog orgGuid={orgGuid} task={editing} onClose={() => setEditing(null)} /> : null}
      {commenting ? (
        <CommentsDialog orgGuid={orgGuid} task={commenting} onClose={() => setCommenting(null)} />
      ) : null}
    </Box>
  );
}
