import { REPORT_TYPES, type ReportType, reportsRoutes } from '@bp/contracts';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { FormInput } from '../shared/form/FormInput.tsx';
import { FormSelect } from '../shared/form/FormSelect.tsx';
import { MONTH_NAMES, REPORT_TYPE_LABELS } from './labels.ts';

interface Values {
  type: ReportType | '';
  name: string;
  period_year: string;
  period_month: string;
  notes: string;
}

const TYPE_CHOICES = REPORT_TYPES.map((value) => ({ value, label: REPORT_TYPE_LABELS[value] }));
const MONTH_CHOICES = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));
const FIELDS = ['type', 'name', 'period_year', 'period_month', 'notes'] as const;

/**
 * A new report of a client: its type, name and period (a month or the whole year). The API also takes an
 * entity; the dialog offers none yet (its entity query split the clients page past its bundle budget).
 */
export function CreateReportDialog({
  open,
  clientGuid,
  onCreated,
  onClose,
}: {
  open: boolean;
  clientGuid: string;
  onCreated: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const defaults: Values = {
    type: '',
    name: '',
    period_year: String(new Date().getFullYear()),
    period_month: '',
    notes: '',
  };
  const { control, handleSubmit, reset, setError } = useForm<Values>({ defaultValues: defaults });
  const create = useMutation({
    mutationFn: async (values: Values) => {
      await api.call(reportsRoutes.postReportsClientReports, {
        params: { clientGuid },
        body: {
          type: values.type as ReportType,
          name: values.name,
          notes: values.notes,
          period_year: Number(values.period_year),
          period_month: values.period_month ? Number(values.period_month) : null,
        },
      });
      await onCreated();
    },
    onMutate: () => setProblem(null),
    onSuccess: () => {
      toast.success('Report created.');
      close();
    },
    onError: (error) => setProblem(applyApiErrors(error, setError, FIELDS)),
  });
  function close() {
    reset(defaults);
    setProblem(null);
    onClose();
  }
  return (
    <FormDialog
      open={open}
      pending={create.isPending}
      problem={problem}
      onClose={close}
      onSubmit={handleSubmit((values) => {
        if (!values.type) {
          setError('type', { message: 'Choose the type of report.' });
          return;
        }
        create.mutate(values);
      })}
      titleId={titleId}
      title="New report"
      description="Its files are uploaded or generated once it exists."
      confirmLabel="Create report"
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <FormSelect
          control={control}
          name="type"
          label="Type"
          choices={TYPE_CHOICES}
          required
          idPrefix="report"
        />
        <FormInput control={control} name="name" label="Name" required idPrefix="report" />
        <Stack direction="row" spacing={2}>
          <FormInput
            control={control}
            name="period_year"
            label="Year"
            inputMode="numeric"
            required
            idPrefix="report"
          />
          <FormSelect
            control={control}
            name="period_month"
            label="Month"
            choices={MONTH_CHOICES}
            emptyLabel="Whole year"
            idPrefix="report"
          />
        </Stack>
        <FormInput control={control} name="notes" label="Notes" multiline idPrefix="report" />
      </Stack>
    </FormDialog>
  );
}
