import { type Reconciliation, workflowRoutes } from '@bp/contracts';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { useOrgClientChoices } from '../clients/useOrgClient.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { FormInput } from '../shared/form/FormInput.tsx';
import { FormSelect } from '../shared/form/FormSelect.tsx';
import { useEntityChoices } from '../shared/form/useBookChoices.ts';
import { useEntityAccounts, useStaffChoices } from './workflow-api.ts';

interface Values {
  client: string;
  entity: string;
  account: string;
  /** YYYY-MM */
  period: string;
  assignee: string;
  due_date: string;
}

/** The first and last day of a month given as YYYY-MM. */
export function monthPeriod(month: string): { period_start: string; period_end: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { period_start: `${month}-01`, period_end: `${month}-${String(last).padStart(2, '0')}` };
}

/** Last month as YYYY-MM: the period a month-end reconciliation usually opens. */
function lastMonth(today = new Date()) {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Opens an account-period in the reconciliation workflow at Open: a client's entity (its books as a whole)
 * or one account of it, for a month, with an assignee and a due date. Mounted while open.
 */
export function NewReconciliationDialog({
  orgGuid,
  onCreated,
  onClose,
}: {
  orgGuid: string;
  onCreated: (created: Reconciliation) => void;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, watch } = useForm<Values>({
    defaultValues: { client: '', entity: '', account: '', period: lastMonth(), assignee: '', due_date: '' },
  });
  const client = watch('client');
  const entity = watch('entity');
  const clients = useOrgClientChoices(orgGuid);
  const entities = useEntityChoices(client);
  const accounts = useEntityAccounts(client, entity);
  const staff = useStaffChoices(orgGuid);

  const create = useMutation({
    mutationFn: (values: Values) =>
      api.call(workflowRoutes.postReportsClientReconciliations, {
        params: { clientGuid: values.client },
        body: {
          entity: values.entity,
          account: values.account || null,
          ...monthPeriod(values.period),
          due_date: values.due_date,
          assignee: values.assignee || null,
        },
      }),
    onMutate: () => setProblem(null),
    onSuccess: (created) => {
      toast.success(
        `${created.entity.name}${created.account ? ` · ${created.account.name}` : ''} is open for ${created.period_start.slice(0, 7)}.`,
      );
      onCreated(created);
    },
    onError: (error) =>
      setProblem(
        applyApiErrors(error, setError, (key) =>
          // The API names the period by its first and last day; the form by its month.
          key === 'period_start' || key === 'period_end'
            ? 'period'
            : ((['entity', 'account', 'due_date', 'assignee'] as const).find((f) => f === key) ?? null),
        ),
      ),
  });

  const submit = handleSubmit((values) => {
    setProblem(null);
    const missing = (['client', 'entity', 'period', 'due_date'] as const).filter((f) => !values[f]);
    for (const field of missing) setError(field, { message: 'This field is required.' });
    if (missing.length > 0) return;
    if (!/^\d{4}-\d{2}$/.test(values.period)) {
      setError('period', { message: 'Enter the month as YYYY-MM.' }, { shouldFocus: true });
      return;
    }
    create.mutate(values);
  });

  return (
    <FormDialog
      open
      pending={create.isPending}
      problem={problem}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      titleId={titleId}
      title="New reconciliation"
      description="Opens the account-period at Open. An account-period has one reconciliation: opening it twice is refused."
      confirmLabel="Open reconciliation"
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <FormSelect
          control={control}
          name="client"
          label="Client"
          idPrefix="reconciliation"
          required
          choices={(clients.data?.results ?? []).map((c) => ({ value: c.guid, label: c.name }))}
          onChanged={() => {
            setValue('entity', '');
            setValue('account', '');
          }}
        />
        <FormSelect
          control={control}
          name="entity"
          label="Entity"
          idPrefix="reconciliation"
          required
          disabled={client === ''}
          choices={(entities.data?.results ?? []).map((e) => ({ value: e.guid, label: e.nickname }))}
          onChanged={() => setValue('account', '')}
        />
        <FormSelect
          control={control}
          name="account"
          label="Account"
          idPrefix="reconciliation"
          emptyLabel="The entity's books as a whole"
          disabled={entity === ''}
          choices={(accounts.data?.results ?? []).map((a) => ({ value: a.guid, label: a.name }))}
        />
        <FormInput
          control={control}
          name="period"
          label="Period (month)"
          idPrefix="reconciliation"
          type="month"
          required
        />
        <FormSelect
          control={control}
          name="assignee"
          label="Assignee"
          idPrefix="reconciliation"
          emptyLabel="Nobody"
          choices={(staff.data?.results ?? []).map((s) => ({
            value: s.guid,
            label: `${s.first_name} ${s.last_name}`,
          }))}
        />
        <FormInput
          control={control}
          name="due_date"
          label="Due date"
          idPrefix="reconciliation"
          type="date"
          required
        />
      </Stack>
    </FormDialog>
  );
}
