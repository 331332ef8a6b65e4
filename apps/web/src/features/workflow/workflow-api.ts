import {
  DEFAULT_PAGE_SIZE,
  entitiesRoutes,
  MAX_PAGE_SIZE,
  type ReconciliationListQuery,
  staffRoutes,
  workflowRoutes,
} from '@bp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

const WORKFLOW_KEY = ['workflow'] as const;

/** Query values without the empty ones, so the URL and the cache key stay short. */
function defined<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as T;
}

export interface ReminderListParams {
  archived?: 'true';
  reconciliation?: 'true' | 'false';
  search?: string;
  page: number;
}

/** The organisation's report reminders (active or archived; reconciliation ones or the others). */
export function useReminderList(orgGuid: string, params: ReminderListParams) {
  const { api } = useSession();
  const query = defined({ ...params, page_size: DEFAULT_PAGE_SIZE });
  return useQuery({
    queryKey: [...WORKFLOW_KEY, 'reminders', orgGuid, query],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getReportsOrganizationReportReminders, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type QueueParams = Omit<ReconciliationListQuery, 'page_size'> & { page: number };

/** The reconciliation work queue and its counts, with the same filters. */
export function useReconciliationQueue(orgGuid: string, params: QueueParams) {
  const { api } = useSession();
  const query = defined({ ...params, page_size: DEFAULT_PAGE_SIZE });
  const list = useQuery({
    queryKey: [...WORKFLOW_KEY, 'reconciliations', orgGuid, query],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getReportsOrganizationReconciliations, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({
    queryKey: [...WORKFLOW_KEY, 'reconciliation-counts', orgGuid, query],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getReportsOrganizationReconciliationCounts, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
  });
  return { list, counts };
}

/** Active staff of the organisation, for the assignee filter and bulk assign. */
export function useStaffChoices(orgGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...WORKFLOW_KEY, 'staff', orgGuid],
    queryFn: ({ signal }) =>
      api.call(staffRoutes.getAccountsOrganizationUsers, {
        params: { orgGuid },
        query: { page: 1, page_size: 100 },
        signal,
      }),
  });
}

export function useInvalidateWorkflow() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: WORKFLOW_KEY });
}

/** One reminder of the organisation, by its guid alone (the reminder pages' address). */
export function useReminder(orgGuid: string, reminderGuid: string, enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...WORKFLOW_KEY, 'reminder', orgGuid, reminderGuid],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getReportsOrganizationReportReminder, {
        params: { organizationGuid: orgGuid, reminderGuid },
        signal,
      }),
    enabled,
  });
}

/** A reminder's history, newest first. */
export function useReminderHistory(clientGuid: string, reminderGuid: string, page: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...WORKFLOW_KEY, 'reminder-history', reminderGuid, page],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getReportsClientReportReminderHistory, {
        params: { clientGuid, reminderGuid },
        query: { page, page_size: DEFAULT_PAGE_SIZE },
        signal,
      }),
    enabled: clientGuid !== '',
    placeholderData: keepPreviousData,
  });
}

export interface TaskRuleListParams {
  archived?: 'true';
  client?: string;
  search?: string;
  page: number;
}

/** The organisation's task rules (active or archived), newest first. */
export function useTaskRuleList(orgGuid: string, params: TaskRuleListParams) {
  const { api } = useSession();
  const query = defined({ ...params, page_size: DEFAULT_PAGE_SIZE });
  return useQuery({
    queryKey: [...WORKFLOW_KEY, 'task-rules', orgGuid, query],
    queryFn: ({ signal }) =>
      api.call(workflowRoutes.getAccountsOrganizationTaskRules, {
        params: { organizationGuid: orgGuid },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** An entity's accounts (every one: a reconciliation or a rule may name any account of the books). */
export function useEntityAccounts(clientGuid: string, entityGuid: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...WORKFLOW_KEY, 'accounts', clientGuid, entityGuid],
    queryFn: ({ signal }) =>
      api.call(entitiesRoutes.getBillingClientEntityAccounts, {
        params: { clientGuid, entityGuid },
        query: { page: 1, page_size: MAX_PAGE_SIZE },
        signal,
      }),
    enabled: clientGuid !== '' && entityGuid !== '',
    staleTime: 30_000,
  });
}
