import {
  DEFAULT_PAGE_SIZE,
  type PatchWorkflowTaskRequest,
  type WorkflowTaskListQuery,
  workflowRoutes,
} from '@bp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

/** The screen path of the combined task list (decision 026). */
export const TASK_LIST_PATH = '/workflow/tasks';

/** The filters the task list keeps in its URL; the dashboards link here with them. */
export const TASK_FILTER_KEYS = ['type', 'status', 'open', 'assignee', 'assignment', 'due'] as const;
export type TaskFilters = Partial<Record<(typeof TASK_FILTER_KEYS)[number], string>>;

/** `/workflow/tasks?…` with the given filters (empty ones left out). */
export function taskListPath(filters: TaskFilters): string {
  const params = new URLSearchParams();
  for (const key of TASK_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${TASK_LIST_PATH}?${query}` : TASK_LIST_PATH;
}

const TASKS_KEY = ['workflow', 'tasks'] as const;

export type TaskListParams = Omit<WorkflowTaskListQuery, 'page_size'> & { page: number };

/** One page of the organisation's tasks (workflow tasks and bill steps) with the URL's filters. */
export function useTaskList(orgGuid: string, params: TaskListParams) {
  const { api } = useSession();
  const query = Object.fromEntries(
    Object.entries({ ...params, page_size: DEFAULT_PAGE_SIZE }).filter(
      ([, v]) => v !== undefined && v !== '',
    ),
  ) as WorkflowTaskListQuery;
  return useQuery({
    queryKey: [...TASKS_KEY, orgGuid, query],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getAccountsOrganizationTasks, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A task's comments, oldest first (the first 100: a task's conversation is short). */
export function useTaskComments(orgGuid: string, taskGuid: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...TASKS_KEY, 'comments', orgGuid, taskGuid],
    enabled: taskGuid !== null,
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getAccountsOrganizationTaskComments, {
        params: { organizationGuid: orgGuid, taskGuid: taskGuid ?? '' },
        query: { page: 1, page_size: 100 },
        signal,
      }),
  });
}

/** Changes a workflow task; the lists and the dashboards' figures are refetched after. */
export function useChangeTask(orgGuid: string) {
  const { api } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskGuid, body }: { taskGuid: string; body: PatchWorkflowTaskRequest }) =>
      api.call(workflowRoutes.patchAccountsOrganizationTask, {
        params: { organizationGuid: orgGuid, taskGuid },
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['workflow'] }),
  });
}

export function useAddComment(orgGuid: string, taskGuid: string) {
  const { api } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.call(workflowRoutes.postAccountsOrganizationTaskComments, {
        params: { organizationGuid: orgGuid, taskGuid },
        body: { body },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...TASKS_KEY, 'comments', orgGuid, taskGuid] }),
  });
}

/** Runs the reminder job now for the organisation (the hourly run's code); answers how many tasks it raised. */
export function useRaiseNow(orgGuid: string) {
  const { api } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(workflowRoutes.postReportsOrganizationReportRemindersRaise, {
        params: { organizationGuid: orgGuid },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['workflow'] }),
  });
}
