import {
  DEFAULT_PAGE_SIZE,
  TASK_IMPORT_COLUMNS,
  TASK_IMPORT_REQUIRED,
  TASK_RULE_IMPORT_COLUMNS,
  TASK_RULE_IMPORT_REQUIRED,
  type TaskRule,
  workflowRoutes,
} from '@bp/contracts';
import { REPORT_REMINDER_FREQUENCY_LABELS, TASK_TYPE_LABELS } from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  SearchField,
  useToast,
} from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { CsvImportDialog } from './CsvImportDialog.tsx';
import { TaskRuleDialog } from './TaskRuleDialog.tsx';
import { useInvalidateWorkflow, useTaskRuleList } from './workflow-api.ts';

export const TASK_RULES_PAGE = '/workflow/task-rules';

const person = (p: TaskRule['assignee']) => (p ? `${p.first_name} ${p.last_name}` : 'Unassigned');

/** Where the rule's tasks belong: the client, an entity, or an account of the entity. */
export const scopeOf = (rule: TaskRule) =>
  rule.account
    ? `${rule.entity?.name ?? ''} · ${rule.account.name}`
    : (rule.entity?.name ?? 'The whole client');

const columns: DataColumn<TaskRule>[] = [
  { key: 'name', header: 'Rule', render: (row) => row.name },
  { key: 'client', header: 'Client', render: (row) => row.client.name },
  { key: 'scope', header: 'Scope', render: scopeOf },
  { key: 'type', header: 'Task type', render: (row) => TASK_TYPE_LABELS[row.task_type] },
  {
    key: 'schedule',
    header: 'Schedule',
    render: (row) =>
      `${REPORT_REMINDER_FREQUENCY_LABELS[row.frequency]} from ${row.start_date}, due ${row.due_business_days} business day${row.due_business_days === 1 ? '' : 's'} after`,
  },
  { key: 'assignee', header: 'Assignee', render: (row) => person(row.assignee) },
];

// The templates' example rows: a client of the demo data, so a downloaded template imports as it is.
const RULE_EXAMPLE = [
  [
    'Harper Household',
    'Monthly bank reconciliation',
    'reconciliation',
    'monthly',
    '5',
    '2026-01-01',
    '',
    '',
    '',
    '',
  ],
] as const;
const TASK_EXAMPLE = [
  ['Harper Household', 'Collect year-end statements', 'review', '2026-01-31', '', '', ''],
];

/** /workflow/task-rules (and /inactive): the organisation's task rules, their imports and the tasks import. */
export function TaskRulesPage() {
  return <TaskRulesScreen archived={false} />;
}
/** /workflow/task-rules/inactive: archived rules, each with Unarchive. */
export function InactiveTaskRulesPage() {
  return <TaskRulesScreen archived />;
}

function TaskRulesScreen({ archived }: { archived: boolean }) {
  const { organization } = useSession();
  const title = archived ? 'Archived Task Rules' : 'Task Rules';
  if (!organization) {
    return (
      <Box>
        <PageTitle>{title}</PageTitle>
        <EmptyState title="No organization selected.">
          Choose an organization to see its task rules.
        </EmptyState>
      </Box>
    );
  }
  return <TaskRuleList orgGuid={organization.guid} archived={archived} title={title} />;
}

type Pending = { row: TaskRule; action: 'archive' | 'delete' };

function TaskRuleList({ orgGuid, archived, title }: { orgGuid: string; archived: boolean; title: string }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateWorkflow();
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page') ?? '1') || 1;
  const term = search.get('search') ?? '';
  const list = useTaskRuleList(orgGuid, { archived: archived ? 'true' : undefined, search: term, page });
  const [editing, setEditing] = useState<TaskRule | 'new' | null>(null);
  const [importing, setImporting] = useState<'rules' | 'tasks' | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const params = { organizationGuid: orgGuid };

  const change = useMutation({
    mutationFn: async ({ row, action }: { row: TaskRule; action: 'archive' | 'unarchive' | 'delete' }) => {
      const rule = { params: { ...params, taskRuleGuid: row.guid } };
      if (action === 'delete') await api.call(workflowRoutes.deleteAccountsOrganizationTaskRule, rule);
      else if (action === 'archive')
        await api.call(workflowRoutes.postAccountsOrganizationTaskRuleArchive, rule);
      else await api.call(workflowRoutes.postAccountsOrganizationTaskRuleUnarchive, rule);
      return { row, action };
    },
    onSuccess: ({ row, action }) => {
      toast.success(
        action === 'delete'
          ? `${row.name} is deleted.`
          : action === 'archive'
            ? `${row.name} is archived.`
            : `${row.name} is active again.`,
      );
      setConfirming(null);
      void invalidate();
    },
    onError: (error) => toast.error(`The task rule was not changed. ${apiErrorMessage(error)}`),
  });
  const rows = list.data?.results ?? [];
  const busy = (row: TaskRule) => change.isPending && change.variables?.row.guid === row.guid;

  return (
    <Box>
      <PageTitle
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={archived ? TASK_RULES_PAGE : `${TASK_RULES_PAGE}/inactive`}>
              {archived ? 'Active rules' : 'Archived'}
            </Button>
            {archived ? null : (
              <>
                <Button variant="outlined" onClick={() => setImporting('tasks')}>
                  Import Tasks
                </Button>
                <Button variant="outlined" onClick={() => setImporting('rules')}>
                  Import Task Rules
                </Button>
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                  New Task Rule
                </Button>
              </>
            )}
          </Stack>
        }
      >
        {title}
      </PageTitle>
      <PageIntro>
        {archived
          ? 'Archived rules raise no tasks. Unarchive one to raise its tasks again, from the periods that ended while it was archived.'
          : 'A rule raises a task of its type every period for a client, one of its entities or an account of the entity, once the period ends.'}
      </PageIntro>
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <SearchField
          id="task-rule-search"
          label="Search task rules"
          size="small"
          fullWidth
          value={term}
          onChange={(event) =>
            setSearch(
              event.target.value
                ? new URLSearchParams({ search: event.target.value })
                : new URLSearchParams(),
            )
          }
        />
      </Box>
      {list.isPending ? (
        <LoadingState label="Loading task rules…" />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState
          title={archived ? 'No archived task rules.' : term ? 'No task rules match.' : 'No task rules yet.'}
        >
          {archived
            ? 'Rules you archive will be listed here.'
            : 'Add one with New Task Rule, or import several from a CSV file.'}
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
            onPageChange: (next) => {
              const query = new URLSearchParams(search);
              query.set('page', String(next + 1));
              setSearch(query);
            },
          }}
          updating={list.isFetching && !list.isPending}
          actions={(row) => (
            <Stack direction="row" spacing={1}>
              {row.is_archived ? (
                <Button
                  size="small"
                  onClick={() => change.mutate({ row, action: 'unarchive' })}
                  loading={busy(row)}
                  aria-label={`Unarchive ${row.name}`}
                >
                  Unarchive
                </Button>
              ) : (
                <>
                  <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setConfirming({ row, action: 'archive' })}
                    aria-label={`Archive ${row.name}`}
                  >
                    Archive
                  </Button>
                </>
              )}
              <Button
                size="small"
                color="error"
                onClick={() => setConfirming({ row, action: 'delete' })}
                aria-label={`Delete ${row.name}`}
              >
                Delete
              </Button>
            </Stack>
          )}
        />
      )}
      {editing !== null ? (
        <TaskRuleDialog
          orgGuid={orgGuid}
          rule={editing === 'new' ? null : editing}
          onSaved={() => {
            setEditing(null);
            void invalidate();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <CsvImportDialog
        open={importing === 'rules'}
        what="task rules"
        columns={TASK_RULE_IMPORT_COLUMNS}
        required={TASK_RULE_IMPORT_REQUIRED}
        example={RULE_EXAMPLE}
        send={(csv) =>
          api.call(workflowRoutes.postAccountsOrganizationTaskRulesImport, { params, body: { csv } })
        }
        onImported={() => void invalidate()}
        onClose={() => setImporting(null)}
      />
      <CsvImportDialog
        open={importing === 'tasks'}
        what="tasks"
        columns={TASK_IMPORT_COLUMNS}
        required={TASK_IMPORT_REQUIRED}
        example={TASK_EXAMPLE}
        send={(csv) =>
          api.call(workflowRoutes.postAccountsOrganizationTasksImport, { params, body: { csv } })
        }
        onImported={() => void invalidate()}
        onClose={() => setImporting(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'delete' ? 'Delete this task rule?' : 'Archive this task rule?'}
        confirmLabel={confirming?.action === 'delete' ? 'Delete' : 'Archive'}
        destructive
        pending={change.isPending}
        onConfirm={() => confirming && change.mutate(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming?.action === 'delete'
          ? `${confirming.row.name} will be deleted. The tasks it already raised stay.`
          : `${confirming?.row.name} will raise no more tasks until it is unarchived.`}
      </ConfirmDialog>
    </Box>
  );
}
