import type { BillTask } from '@bp/contracts';
import { billWorkflowRoutes } from '@bp/contracts';
import { APPROVAL_STEP_KIND_LABELS, formatDate, TASK_KIND_LABELS, TASK_STATUS_LABELS } from '@bp/domain';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { billPartKey, personName } from './api.ts';
import { Section } from './Section.tsx';

const isOpen = (task: BillTask) => task.status !== 'completed' && task.status !== 'cancelled';

/** Staff only: the bill's open tasks, what they are and who has them. */
export function BillTasks({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { api } = useSession();
  const tasks = useQuery({
    queryKey: billPartKey(clientGuid, billGuid, 'tasks'),
    queryFn: ({ signal }) =>
      api.call(billWorkflowRoutes.getBillingClientBillTasks, { params: { clientGuid, billGuid }, signal }),
  });
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
        <TableContainer>
          <Table size="small" aria-label="Open tasks">
            <TableHead>
              <TableRow>
                <TableCell>Task</TableCell>
                <TableCell>Step</TableCell>
                <TableCell>Assigned to</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Created</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {open.map((task) => (
                <TableRow key={task.guid}>
                  <TableCell>{TASK_KIND_LABELS[task.kind]}</TableCell>
                  <TableCell>{task.step ? APPROVAL_STEP_KIND_LABELS[task.step] : '—'}</TableCell>
                  <TableCell>{personName(task.assigned_to, 'Unassigned')}</TableCell>
                  <TableCell>
                    {task.status === 'cancelled' ? 'Cancelled' : TASK_STATUS_LABELS[task.status]}
                  </TableCell>
                  <TableCell>{formatDate(task.created_on)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
