import type { BillTask } from '@bp/contracts';
import { APPROVAL_STEP_KIND_LABELS, formatDate, TASK_KIND_LABELS, TASK_STATUS_LABELS } from '@bp/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { personName } from './api.ts';
import { billTasksQuery } from './bill-queries.ts';
import { Section } from './Section.tsx';

const isOpen = (task: BillTask) => task.status !== 'completed' && task.status !== 'cancelled';

const TASK_COLUMNS: DataColumn<BillTask>[] = [
  { key: 'task', header: 'Task', render: (task) => TASK_KIND_LABELS[task.kind] },
  { key: 'step', header: 'Step', render: (task) => (task.step ? APPROVAL_STEP_KIND_LABELS[task.step] : '—') },
  { key: 'assigned', header: 'Assigned to', render: (task) => personName(task.assigned_to, 'Unassigned') },
  {
    key: 'status',
    header: 'Status',
    render: (task) => (task.status === 'cancelled' ? 'Cancelled' : TASK_STATUS_LABELS[task.status]),
  },
  { key: 'created', header: 'Created', render: (task) => formatDate(task.created_on) },
];

/** Staff only: the bill's open tasks, what they are and who has them. */
export function BillTasks({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { api } = useSession();
  const tasks = useQuery(billTasksQuery(api, clientGuid, billGuid));
  const open = (tasks.data ?? []).filter(isOpen);
  return (
    <Section title="Open tasks">
      {tasks.isPending ? (
        <LoadingState label="Loading tasks…" />
      ) : tasks.isError ? (
        <ErrorState message={apiErrorMessage(tasks.error)} onRetry={() => void tasks.refetch()} />
      ) : open.length === 0 ? (
        <EmptyState title="No open tasks on this bill." />
      ) : (
        <DataTable
          label="Open tasks"
          columns={TASK_COLUMNS}
          rows={open}
          rowKey={(task) => task.guid}
          outlined={false}
        />
      )}
    </Section>
  );
}
