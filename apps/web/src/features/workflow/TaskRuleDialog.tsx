import { type CreateTaskRuleRequest, type TaskRule, workflowRoutes } from '@bp/contracts';
import { TASK_TYPE_LABELS, TASK_TYPE_VALUES } from '@bp/domain';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { useOrgClientChoices } from '../clients/useOrgClient.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { choicesOf } from '../shared/form/choices.ts';
import { FormInput } from '../shared/form/FormInput.tsx';
import { FormSelect } from '../shared/form/FormSelect.tsx';
import { useEntityChoices } from '../shared/form/useBookChoices.ts';
import { dueDaysAreWhole, ScheduleFields } from './ScheduleFields.tsx';
import { useEntityAccounts, useStaffChoices } from './workflow-api.ts';

interface Values {
  client: string;
  entity: string;
  account: string;
  name: string;
  task_type: string;
  frequency: string;
  due_business_days: string;
  start_date: string;
  assignee: string;
  backup: string;
}

const FIELDS = [
  'client',
  'entity',
  'account',
  'name',
  'task_type',
  'frequency',
  'due_business_days',
  'start_date',
  'assignee',
  'backup',
] as const;

const valuesOf = (rule: TaskRule | null): Values =>
  rule
    ? {
        client: rule.client.guid,
        entity: rule.entity?.guid ?? '',
        account: rule.account?.guid ?? '',
        name: rule.name,
        task_type: rule.task_type,
        frequency: rule.frequency,
        due_business_days: String(rule.due_business_days),
        start_date: rule.start_date,
        assignee: rule.assignee?.guid ?? '',
        backup: rule.backup?.guid ?? '',
      }
    : {
        client: '',
        entity: '',
        account: '',
        name: '',
        task_type: '',
        frequency: 'monthly',
        due_business_days: '5',
        start_date: new Date().toISOString().slice(0, 10),
        assignee: '',
        backup: '',
      };

/**
 * Creates a task rule or edits one (`rule`): its scope (a client, one of its entities, or an account of
 * that entity), the task type, the schedule and who works the tasks. Mounted while open, so each opening
 * starts from the rule's values.
 */
export function TaskRuleDialog({
  orgGuid,
  rule,
  onSaved,
  onClose,
}: {
  orgGuid: string;
  rule: TaskRule | null;
  onSaved: (rule: TaskRule) => void;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, watch } = useForm<Values>({
    defaultValues: valuesOf(rule),
  });
  const client = watch('client');
  const entity = watch('entity');
  const clients = useOrgClientChoices(orgGuid);
  const entities = useEntityChoices(client);
  const accounts = useEntityAccounts(client, entity);
  const staff = useStaffChoices(orgGuid);
  const staffChoices = (staff.data?.results ?? []).map((s) => ({
    value: s.guid,
    label: `${s.first_name} ${s.last_name}`,
  }));

  const save = useMutation({
    mutationFn: (values: Values) => {
      const fields = {
        name: values.name,
        task_type: values.task_type as CreateTaskRuleRequest['task_type'],
        frequency: values.frequency as CreateTaskRuleRequest['frequency'],
        // Checked to be a whole number before saving.
        due_business_days: Number(values.due_business_days),
        start_date: values.start_date,
        entity: values.entity || null,
        account: values.account || null,
        assignee: values.assignee || null,
        backup: values.backup || null,
      };
      return rule
        ? api.call(workflowRoutes.patchAccountsOrganizationTaskRule, {
            params: { organizationGuid: orgGuid, taskRuleGuid: rule.guid },
            body: fields,
          })
        : api.call(workflowRoutes.postAccountsOrganizationTaskRules, {
            params: { organizationGuid: orgGuid },
            body: { client: values.client, ...fields },
          });
    },
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      toast.success(rule ? `${saved.name} is saved.` : `${saved.name} will raise its tasks.`);
      onSaved(saved);
    },
    onError: (error) => setProblem(applyApiErrors(error, setError, FIELDS)),
  });

  const submit = handleSubmit((values) => {
    setProblem(null);
    if (!values.client) {
      setError('client', { message: 'Choose a client.' }, { shouldFocus: true });
      return;
    }
    if (!dueDaysAreWhole(values, setError)) return;
    save.mutate(values);
  });

  return (
    <FormDialog
      open
      pending={save.isPending}
      problem={problem}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      titleId={titleId}
      title={rule ? `Edit ${rule.name}` : 'New task rule'}
      description="Each period, once it ends, the rule raises a task due this many business days later (weekends and US federal holidays skipped)."
      confirmLabel={rule ? 'Save rule' : 'Create rule'}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <FormSelect
          control={control}
          name="client"
          label="Client"
          idPrefix="task-rule"
          required
          // A rule stays with its client; everything else may change.
          disabled={rule !== null}
          choices={
            rule
              ? [{ value: rule.client.guid, label: rule.client.name }]
              : (clients.data?.results ?? []).map((c) => ({ value: c.guid, label: c.name }))
          }
          onChanged={() => {
            setValue('entity', '');
            setValue('account', '');
          }}
        />
        <FormSelect
          control={control}
          name="entity"
          label="Entity"
          idPrefix="task-rule"
          emptyLabel="The whole client"
          disabled={client === ''}
          choices={(entities.data?.results ?? []).map((e) => ({ value: e.guid, label: e.nickname }))}
          onChanged={() => setValue('account', '')}
        />
        <FormSelect
          control={control}
          name="account"
          label="Account"
          idPrefix="task-rule"
          emptyLabel="The whole entity"
          disabled={entity === ''}
          choices={(accounts.data?.results ?? []).map((a) => ({ value: a.guid, label: a.name }))}
        />
        <FormInput control={control} name="name" label="Name" idPrefix="task-rule" required />
        <FormSelect
          control={control}
          name="task_type"
          label="Task type"
          idPrefix="task-rule"
          required
          choices={choicesOf(TASK_TYPE_VALUES, TASK_TYPE_LABELS)}
        />
        <ScheduleFields control={control} idPrefix="task-rule" staffChoices={staffChoices} />
      </Stack>
    </FormDialog>
  );
}
