import {
  BILL_AGE_BUCKETS,
  type DashboardBillFigures,
  type DashboardReconciliationFigures,
  type DashboardReportFigures,
  type DashboardTaskFigures,
} from '@bp/contracts';
import {
  BILLING_QUEUE_LABELS,
  billingQueuePath,
  formatDate,
  formatMoney,
  RECONCILIATION_STEP_VALUES,
  type ReconciliationStep,
  shortenNumber,
} from '@bp/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { StackedBarChart } from '../../ui/charts/index.tsx';
import { type DataColumn, DataTable, EmptyState, QueryStates } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { taskListPath } from '../tasks/index.ts';
import { useWorkflowFigures } from './useWorkflowFigures.ts';

const count = (n: number) => shortenNumber(n);

/** A figure that opens the list it counts. */
function FigureLink({ to, label, value }: { to: string; label: string; value: number }) {
  return (
    <Link component={RouterLink} to={to} aria-label={`${label}: ${value}`}>
      {count(value)}
    </Link>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The workflow half of the staff dashboards (decision 026): tasks per person, the month's reconciliation
 * progress, reports due this week and bills waiting per queue. Every number links to the list it counts,
 * with the same filters in the URL; `assignee` (the associate dashboard) narrows to one person's work.
 */
export function WorkflowFigures({ orgGuid, assignee }: { orgGuid: string; assignee?: string | undefined }) {
  const { tasks, reconciliations, reports, bills } = useWorkflowFigures(orgGuid, assignee);
  return (
    <>
      <Section id="tasks-by-person" title={assignee ? 'My tasks' : 'Tasks by person'}>
        <QueryStates
          query={tasks}
          loadingLabel="Loading tasks…"
          errorMessage={apiErrorMessage}
          isEmpty={(data) => data.people.length === 0}
          empty={<EmptyState title="No open tasks are assigned." />}
        >
          {(data) => <TasksByPerson data={data} />}
        </QueryStates>
      </Section>
      <Section id="reconciliation-progress" title="Reconciliation progress">
        <QueryStates
          query={reconciliations}
          loadingLabel="Loading reconciliations…"
          errorMessage={apiErrorMessage}
          isEmpty={(data) => data.clients.length === 0}
          empty={<EmptyState title="No reconciliation periods ended last month." />}
        >
          {(data) => <ReconciliationProgress data={data} assignee={assignee} />}
        </QueryStates>
      </Section>
      <Section id="reports-due" title="Reports due this week">
        <QueryStates
          query={reports}
          loadingLabel="Loading reports due…"
          errorMessage={apiErrorMessage}
          isEmpty={() => false}
          empty={null}
        >
          {(data) => <ReportsDue data={data} assignee={assignee} />}
        </QueryStates>
      </Section>
      <Section id="bills-waiting" title="Bills waiting by queue">
        <QueryStates
          query={bills}
          loadingLabel="Loading bills waiting…"
          errorMessage={apiErrorMessage}
          isEmpty={(data) => data.queues.every((q) => q.count === 0)}
          empty={<EmptyState title="No bills are waiting in any queue." />}
        >
          {(data) => <BillsWaiting data={data} />}
        </QueryStates>
      </Section>
    </>
  );
}

type PersonRow = DashboardTaskFigures['people'][number];
const name = (p: PersonRow['person']) => `${p.first_name} ${p.last_name}`;

function TasksByPerson({ data }: { data: DashboardTaskFigures }) {
  const theme = useTheme();
  const link = (row: PersonRow, due?: string) =>
    taskListPath({ open: 'true', assignee: row.person.guid, assignment: 'assigned', due });
  const columns: DataColumn<PersonRow>[] = [
    { key: 'person', header: 'Person', render: (row) => name(row.person) },
    {
      key: 'open',
      header: 'Open',
      align: 'right',
      render: (row) => (
        <FigureLink to={link(row)} label={`Open tasks of ${name(row.person)}`} value={row.open} />
      ),
    },
    {
      key: 'overdue',
      header: 'Overdue',
      align: 'right',
      render: (row) => (
        <FigureLink
          to={link(row, 'overdue')}
          label={`Overdue tasks of ${name(row.person)}`}
          value={row.overdue}
        />
      ),
    },
    {
      key: 'today',
      header: 'Due today',
      align: 'right',
      render: (row) => (
        <FigureLink
          to={link(row, 'today')}
          label={`Tasks of ${name(row.person)} due today`}
          value={row.due_today}
        />
      ),
    },
    {
      key: 'week',
      header: 'Due within 7 days',
      align: 'right',
      render: (row) => (
        <FigureLink
          to={link(row, 'week')}
          label={`Tasks of ${name(row.person)} due within 7 days`}
          value={row.due_week}
        />
      ),
    },
  ];
  return (
    <>
      <StackedBarChart
        title="Open tasks by person"
        series={[
          { key: 'overdue', label: 'Overdue', color: theme.palette.error.main },
          { key: 'soon', label: 'Due within 7 days', color: theme.palette.warning.main },
          { key: 'later', label: 'Later or no date', color: theme.palette.primary.main },
        ]}
        bars={data.people.map((row) => ({
          key: row.person.guid,
          label: name(row.person),
          values: { overdue: row.overdue, soon: row.due_week - row.overdue, later: row.open - row.due_week },
        }))}
        formatValue={(n) => `${count(n)} ${n === 1 ? 'task' : 'tasks'}`}
        formatTick={count}
        height={240}
      />
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Due within 7 days includes the overdue ones, as the task list's filter does.
      </Typography>
      <DataTable
        label="Tasks by person"
        columns={columns}
        rows={data.people}
        rowKey={(r) => r.person.guid}
        outlined={false}
      />
    </>
  );
}

/** Where a reconciliation of the month at `step` is listed: the queue, or the inactive list for Active. */
export function reconciliationQueuePath(filters: {
  client: string;
  period: string;
  step?: ReconciliationStep;
  assignee?: string | undefined;
}): string {
  const params = new URLSearchParams({ client: filters.client, period: filters.period });
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.step && filters.step !== 'Active') params.set('step', filters.step);
  const base =
    filters.step === 'Active'
      ? '/workflow/reconciliation-workflow/inactive'
      : '/workflow/reconciliation-workflow';
  return `${base}?${params.toString()}`;
}

/** The thirteen steps folded into five phases for the chart; the table keeps every step. */
const PHASES: { key: string; label: string; steps: readonly ReconciliationStep[] }[] = [
  { key: 'open', label: 'Not started', steps: ['Open'] },
  { key: 'preparing', label: 'Preparing', steps: ['Collect Statement', 'Reconcile'] },
  { key: 'prepared', label: 'Prepared', steps: ['Reconcile Completed', 'Report Sent'] },
  {
    key: 'review',
    label: 'In review',
    steps: [
      'Initial Review',
      'Secondary Review',
      'Final Review',
      'Reconciliation Review',
      'GL Review',
      'Financial Review',
    ],
  },
  { key: 'done', label: 'Done', steps: ['Review Completed', 'Active'] },
];

type ClientRow = DashboardReconciliationFigures['clients'][number];

function ReconciliationProgress({
  data,
  assignee,
}: {
  data: DashboardReconciliationFigures;
  assignee: string | undefined;
}) {
  const theme = useTheme();
  const colors = [
    theme.palette.grey[500],
    theme.palette.info.main,
    theme.palette.secondary.main,
    theme.palette.warning.main,
    theme.palette.success.main,
  ];
  const columns: DataColumn<ClientRow>[] = [
    {
      key: 'client',
      header: 'Client',
      render: (row) => (
        <Link
          component={RouterLink}
          to={reconciliationQueuePath({ client: row.client.guid, period: data.period, assignee })}
        >
          {row.client.name}
        </Link>
      ),
    },
    { key: 'total', header: 'Periods', align: 'right', render: (row) => count(row.total) },
    {
      key: 'steps',
      header: 'Steps reached',
      render: (row) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {RECONCILIATION_STEP_VALUES.filter((step) => (row.by_step[step] ?? 0) > 0).map((step) => (
            <Chip
              key={step}
              size="small"
              component={RouterLink}
              clickable
              to={reconciliationQueuePath({ client: row.client.guid, period: data.period, step, assignee })}
              label={`${step}: ${row.by_step[step]}`}
              aria-label={`${row.client.name} at ${step}: ${row.by_step[step]}`}
            />
          ))}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Periods ending in {data.period}, the month being closed.
      </Typography>
      <StackedBarChart
        title="Reconciliation progress by client"
        series={PHASES.map((phase, i) => ({
          key: phase.key,
          label: phase.label,
          color: colors[i] ?? colors[0] ?? '',
        }))}
        bars={data.clients.map((row) => ({
          key: row.client.guid,
          label: row.client.name,
          values: Object.fromEntries(
            PHASES.map((phase) => [
              phase.key,
              phase.steps.reduce((sum, step) => sum + (row.by_step[step] ?? 0), 0),
            ]),
          ),
        }))}
        formatValue={(n) => `${count(n)} ${n === 1 ? 'period' : 'periods'}`}
        formatTick={count}
        height={240}
      />
      <DataTable
        label="Reconciliation progress"
        columns={columns}
        rows={data.clients}
        rowKey={(r) => r.client.guid}
        outlined={false}
      />
    </>
  );
}

function ReportsDue({ data, assignee }: { data: DashboardReportFigures; assignee: string | undefined }) {
  const theme = useTheme();
  const base = { type: 'report_reminder', open: 'true', assignee };
  return (
    <>
      <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
        <Box>
          <Typography variant="subtitle2" color="text.secondary" component="h3">
            Due within 7 days
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
            <FigureLink
              to={taskListPath({ ...base, due: 'week' })}
              label="Reports due within 7 days"
              value={data.total}
            />
          </Typography>
        </Box>
        <Box>
          <Typography variant="subtitle2" color="text.secondary" component="h3">
            Overdue
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
            <FigureLink
              to={taskListPath({ ...base, due: 'overdue' })}
              label="Reports overdue"
              value={data.overdue}
            />
          </Typography>
        </Box>
      </Stack>
      {data.by_day.length > 0 ? (
        <StackedBarChart
          title="Reports due by day"
          series={[{ key: 'due', label: 'Reports due', color: theme.palette.primary.main }]}
          bars={data.by_day.map((day) => ({
            key: day.date,
            label: formatDate(day.date),
            values: { due: day.count },
          }))}
          formatValue={(n) => `${count(n)} ${n === 1 ? 'report' : 'reports'}`}
          formatTick={count}
          height={200}
        />
      ) : (
        <Typography>No report is due in the next 7 days.</Typography>
      )}
    </>
  );
}

type QueueRow = DashboardBillFigures['queues'][number];

function BillsWaiting({ data }: { data: DashboardBillFigures }) {
  const theme = useTheme();
  const colors = [
    theme.palette.success.main,
    theme.palette.info.main,
    theme.palette.warning.main,
    theme.palette.error.main,
  ];
  const columns: DataColumn<QueueRow>[] = [
    {
      key: 'queue',
      header: 'Queue',
      render: (row) => (
        <Link component={RouterLink} to={billingQueuePath(row.queue)}>
          {BILLING_QUEUE_LABELS[row.queue]}
        </Link>
      ),
    },
    {
      key: 'count',
      header: 'Bills',
      align: 'right',
      render: (row) => (
        <FigureLink
          to={billingQueuePath(row.queue)}
          label={`Bills in ${BILLING_QUEUE_LABELS[row.queue]}`}
          value={row.count}
        />
      ),
    },
    { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatMoney(row.amount) },
    ...BILL_AGE_BUCKETS.map(
      (bucket): DataColumn<QueueRow> => ({
        key: bucket.key,
        header: bucket.label,
        align: 'right',
        render: (row) => count(row.ages[bucket.key]),
      }),
    ),
  ];
  return (
    <>
      <StackedBarChart
        title="Bills waiting by queue and age"
        series={BILL_AGE_BUCKETS.map((bucket, i) => ({
          key: bucket.key,
          label: bucket.label,
          color: colors[i] ?? '',
        }))}
        bars={data.queues.map((row) => ({
          key: row.queue,
          label: BILLING_QUEUE_LABELS[row.queue],
          values: row.ages,
        }))}
        formatValue={(n) => `${count(n)} ${n === 1 ? 'bill' : 'bills'}`}
        formatTick={count}
        height={240}
      />
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Age is the days since the bill was entered.
      </Typography>
      <DataTable
        label="Bills waiting by queue"
        columns={columns}
        rows={data.queues}
        rowKey={(r) => r.queue}
        outlined={false}
      />
    </>
  );
}
