import { DEFAULT_PAGE_SIZE, type ReportReminder, workflowRoutes } from '@bp/contracts';
import {
  REPORT_REMINDER_EVENT_LABELS,
  REPORT_REMINDER_FREQUENCY_LABELS,
  REPORT_TYPE_LABELS,
} from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
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
import { useInvalidateWorkflow, useReminder, useReminderHistory } from './workflow-api.ts';

type HistoryEntry = NonNullable<ReturnType<typeof useReminderHistory>['data']>['results'][number];

const historyColumns: DataColumn<HistoryEntry>[] = [
  { key: 'event', header: 'Event', render: (row) => REPORT_REMINDER_EVENT_LABELS[row.event] },
  { key: 'period', header: 'Period', render: (row) => row.period_start ?? '' },
  {
    key: 'user',
    header: 'By',
    render: (row) => (row.user ? `${row.user.first_name} ${row.user.last_name}` : ''),
  },
  { key: 'on', header: 'On', render: (row) => row.created_on.slice(0, 10) },
];

const person = (p: ReportReminder['assignee']) => (p ? `${p.first_name} ${p.last_name}` : 'Nobody');

/** /reports/report-reminder/:reportReminderId (and /reconciliation/:id): one reminder, its history and actions. */
export function ReminderDetailPage() {
  const { organization } = useSession();
  const { reportReminderId = '' } = useParams();
  if (!organization) {
    return (
      <Box>
        <PageTitle>Report Reminder</PageTitle>
        <EmptyState title="No organization selected.">
          Choose an organization to see its reminders.
        </EmptyState>
      </Box>
    );
  }
  return <ReminderDetail orgGuid={organization.guid} guid={reportReminderId} />;
}

function ReminderDetail({ orgGuid, guid }: { orgGuid: string; guid: string }) {
  const reminder = useReminder(orgGuid, guid);
  if (reminder.isPending) return <LoadingState label="Loading the reminder…" />;
  if (reminder.isError) {
    return (
      <Box>
        <PageTitle>Report Reminder</PageTitle>
        <ErrorState message={apiErrorMessage(reminder.error)} onRetry={() => void reminder.refetch()} />
      </Box>
    );
  }
  return <ReminderView reminder={reminder.data} />;
}

function ReminderView({ reminder }: { reminder: ReportReminder }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateWorkflow();
  const [page, setPage] = useState(1);
  const history = useReminderHistory(reminder.client.guid, reminder.guid, page);
  const [confirm, setConfirm] = useState<'archive' | 'skip' | null>(null);
  const [skipDate, setSkipDate] = useState(reminder.next_period.start);
  const params = { clientGuid: reminder.client.guid, reminderGuid: reminder.guid };
  const prefix = useLocation().pathname.startsWith('/client-onboarding') ? '/client-onboarding' : '';

  const act = useMutation({
    mutationFn: (action: 'archive' | 'unarchive' | 'skip') =>
      action === 'skip'
        ? api.call(workflowRoutes.postReportsClientReportReminderSkip, {
            params,
            body: { period_date: skipDate },
          })
        : api.call(
            action === 'archive'
              ? workflowRoutes.postReportsClientReportReminderArchive
              : workflowRoutes.postReportsClientReportReminderUnarchive,
            { params },
          ),
    onSuccess: (_row, action) => {
      toast.success(
        action === 'skip'
          ? 'The period is skipped: no task will be raised for it.'
          : action === 'archive'
            ? `${reminder.name} is archived.`
            : `${reminder.name} is active again.`,
      );
      setConfirm(null);
      void invalidate();
    },
    onError: (error) => toast.error(`Nothing changed. ${apiErrorMessage(error)}`),
  });

  const facts: [string, string][] = [
    ['Client', reminder.client.name],
    ['Entity', reminder.entity?.name ?? 'All entities'],
    ['Report type', REPORT_TYPE_LABELS[reminder.report_type]],
    ['Frequency', REPORT_REMINDER_FREQUENCY_LABELS[reminder.frequency]],
    ['Due', `${reminder.due_business_days} business days after each period ends`],
    [
      'Next period',
      `${reminder.next_period.start} to ${reminder.next_period.end}, due ${reminder.next_period.due_date}`,
    ],
    ['Assignee', person(reminder.assignee)],
    ['Backup', person(reminder.backup)],
    ['Notify by', reminder.channels.length ? reminder.channels.join(', ') : 'No notifications'],
  ];

  return (
    <Box>
      <PageTitle
        actions={
          reminder.is_archived ? (
            <Button variant="contained" onClick={() => act.mutate('unarchive')} loading={act.isPending}>
              Unarchive
            </Button>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={`${prefix}/reports/new-reminder-form?edit=${reminder.guid}`}>
                Edit
              </Button>
              <Button onClick={() => setConfirm('skip')}>Skip a period</Button>
              <Button color="error" onClick={() => setConfirm('archive')}>
                Archive
              </Button>
            </Stack>
          )
        }
      >
        {reminder.name}
      </PageTitle>
      {reminder.is_archived ? <Chip label="Archived" sx={{ mb: 2 }} /> : null}
      <Paper variant="outlined" sx={{ p: 3, mb: 3, maxWidth: 720 }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        History
      </Typography>
      {history.isPending ? (
        <LoadingState label="Loading the history…" />
      ) : history.isError ? (
        <ErrorState message={apiErrorMessage(history.error)} onRetry={() => void history.refetch()} />
      ) : (
        <DataTable
          label="History"
          columns={historyColumns}
          rows={history.data.results}
          rowKey={(row) => `${row.event}-${row.created_on}-${row.period_start ?? ''}`}
          paging={{
            count: history.data.count,
            page: page - 1,
            pageSize: DEFAULT_PAGE_SIZE,
            onPageChange: (next) => setPage(next + 1),
          }}
        />
      )}
      <ConfirmDialog
        open={confirm === 'archive'}
        title="Archive this reminder?"
        confirmLabel="Archive"
        destructive
        pending={act.isPending}
        onConfirm={() => act.mutate('archive')}
        onClose={() => setConfirm(null)}
      >
        {reminder.name} will raise no more tasks until it is unarchived.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'skip'}
        title="Skip a period?"
        confirmLabel="Skip"
        pending={act.isPending}
        onConfirm={() => act.mutate('skip')}
        onClose={() => setConfirm(null)}
      >
        <Typography sx={{ mb: 2 }}>No task will be raised for the period containing this day.</Typography>
        <TextField
          id="reminder-skip-date"
          type="date"
          label="A day in the period"
          value={skipDate}
          onChange={(event) => setSkipDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </ConfirmDialog>
    </Box>
  );
}
