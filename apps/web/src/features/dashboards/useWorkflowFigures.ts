import { dashboardRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

// Under the workflow key, so a task change or a reconciliation move refetches the figures too.
const KEY = ['workflow', 'dashboard'] as const;

/** The dashboard's four workflow reads; `assignee` (a user guid) narrows them to one person's. */
export function useWorkflowFigures(orgGuid: string, assignee: string | undefined) {
  const { api } = useSession();
  const params = { organizationGuid: orgGuid };
  const query = assignee ? { assignee } : {};
  const tasks = useQuery({
    queryKey: [...KEY, 'tasks', orgGuid, query],
    queryFn: ({ signal }) => api.call(dashboardRoutes.getDashboardTasks, { params, query, signal }),
  });
  const reconciliations = useQuery({
    queryKey: [...KEY, 'reconciliations', orgGuid, query],
    queryFn: ({ signal }) => api.call(dashboardRoutes.getDashboardReconciliations, { params, query, signal }),
  });
  const reports = useQuery({
    queryKey: [...KEY, 'reports-due', orgGuid, query],
    queryFn: ({ signal }) => api.call(dashboardRoutes.getDashboardReportsDue, { params, query, signal }),
  });
  const bills = useQuery({
    queryKey: [...KEY, 'bills', orgGuid],
    queryFn: ({ signal }) => api.call(dashboardRoutes.getDashboardBills, { params, signal }),
  });
  return { tasks, reconciliations, reports, bills };
}
