import { DEFAULT_PAGE_SIZE, type ReportReminder, workflowRoutes } from '@bp/contracts';
import { REPORT_REMINDER_FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import {
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  PageTitle,
  useToast,
} from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useInvalidateWorkflow, useReminderList } from './workflow-api.ts';

export const NEW_REMINDER_PAGE = '/reports/new-reminder-form';
export const reminderPagePath = (r: Pick<ReportReminder, 'guid' | 'report_type'>) =>
  r.report_type === 'reconciliation'
    ? `/reports/report-reminder/reconciliation/${r.guid}`
    : `/reports/report-reminder/${r.guid}`;

const person = (p: ReportReminder['assignee']) => (p ? `${p.first_name} ${p.last_name}` : 'Unassigned');

const columns: DataColumn<ReportReminder>[] = [
  {
    key: 'name',
    header: 'Reminder',
    render: (row) => (
      <Link component={RouterLink} to={reminderPagePath(row)} sx={{ fontWeight: 600 }}>
        {row.name}
      </Link>
    ),
  },
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'entity', header: 'Entity', render: (row) => row.entity?.name ?? 'All entities' },
  { key: 'type', header: 'Report', render: (row) => REPORT_TYPE_LABELS[row.report_type] },
  { key: 'frequency', header: 'Frequency', render: (row) => REPORT_REMINDER_FREQUENCY_LABELS[row.frequency] },
  { key: 'due', header: 'Next Due', render: (row) => row.next_period.due_date },
  { key: 'assignee', header: 'Assignee', render: (row) => person(row.assignee) },
];

type Mode = 'reports' | 'inactive' | 'reconciliation';
const TITLES: Record<Mode, string> = {
  reports: 'Report Reminders',
  inactive: 'Inactive Report Reminders',
  reconciliation: 'Reconciliation Reminders',
};

/** /workflow/report-reminders */
export function ReportRemindersPage() {
  return <ReminderScreen mode="reports" />;
}
/** /workflow/report-reminders/inactive: archived reminders, each with Unarchive. */
export function InactiveReportRemindersPage() {
  return <ReminderScreen mode="inactive" />;
}
/** /workflow/reconciliation-reminders */
export function ReconciliationRemindersPage() {
  return <ReminderScreen mode="reconciliation" />;
}

function ReminderScreen({ mode }: { mode: Mode }) {
  const { organization } = useSession();
  if (!organization) {
    return (
      <Box>
        <PageTitle>{TITLES[mode]}</PageTitle>
        <EmptyState title="No organization selected.">
          Choose an organization to see its reminders.
        </EmptyState>
      </Box>
    );
  }
  return <ReminderList orgGuid={organization.guid} mode={mode} />;
}

function ReminderList({ orgGuid, mode }: { orgGuid: string; mode: Mode }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateWorkflow();
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page') ?? '1') || 1;
  const list = useReminderList(orgGuid, {
    archived: mode === 'inactive' ? 'true' : undefined,
    reconciliation: mode === 'reconciliation' ? 'true' : mode === 'reports' ? 'false' : undefined,
    page,
  });
  const [archiving, setArchiving] = useState<ReportReminder | null>(null);
  const change = useMutation({
    mutationFn: ({ row, archive }: { row: ReportReminder; archive: boolean }) =>
      api.call(
        archive
          ? workflowRoutes.postReportsClientReportReminderArchive
          : workflowRoutes.postReportsClientReportReminderUnarchive,
        { params: { clientGuid: row.client.guid, reminderGuid: row.guid } },
      ),
    onSuccess: (row) => {
      toast.success(row.is_archived ? `${row.name} is archived.` : `${row.name} is active again.`);
      setArchiving(null);
      void invalidate();
    },
    onError: (error) => toast.error(`The reminder was not changed. ${apiErrorMessage(error)}`),
  });
  const rows = list.data?.results ?? [];
  const title = TITLES[mode];

  return (
    <Box>
      <PageTitle
        actions={
          <Stack direction="row" spacing={1}>
            {mode === 'reports' ? (
              <Button component={RouterLink} to="/workflow/report-reminders/inactive">
                Inactive
              </Button>
            ) : mode === 'inactive' ? (
              <Button component={RouterLink} to="/workflow/report-reminders">
                Active reminders
              </Button>
            ) : null}
            {mode !== 'inactive' ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                component={RouterLink}
                to={NEW_REMINDER_PAGE}
              >
                New Reminder
              </Button>
            ) : null}
          </Stack>
        }
      >
        {title}
      </PageTitle>
      <PageIntro>
        {mode === 'inactive'
          ? 'Archived reminders raise no tasks. Unarchive one to raise its tasks again.'
          : 'Each period, a task is raised for the assignee once the period ends, due the set number of business days later.'}
      </PageIntro>
      {list.isPending ? (
        <LoadingState label="Loading reminders…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState title={mode === 'inactive' ? 'No archived reminders.' : 'No reminders yet.'}>
          {mode === 'inactive'
            ? 'Reminders you archive will be listed here.'
            : 'Add one with New Reminder to have its reports raised as tasks.'}
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
            onPageChange: (next) => setSearch(new URLSearchParams({ page: String(next + 1) })),
          }}
          updating={list.isFetching && !list.isPending}
          actions={(row) =>
            row.is_archived ? (
              <Button
                size="small"
                onClick={() => change.mutate({ row, archive: false })}
                loading={change.isPending && change.variables?.row.guid === row.guid}
                aria-label={`Unarchive ${row.name}`}
              >
                Unarchive
              </Button>
            ) : (
              <Button
                size="small"
                color="error"
                onClick={() => setArchiving(row)}
                aria-label={`Archive ${row.name}`}
              >
                Archive
              </Button>
            )
          }
        />
      )}
      <ConfirmDialog
        open={archiving !== null}
        title="Archive this reminder?"
        confirmLabel="Archive"
        destructive
        pending={change.isPending}
        onConfirm={() => archiving && change.mutate({ row: archiving, archive: true })}
        onClose={() => setArchiving(null)}
      >
        {archiving?.name} will raise no more tasks until it is unarchived.
      </ConfirmDialog>
    </Box>
  );
}
