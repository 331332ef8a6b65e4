import { type CreateReportReminderRequest, type ReportReminder, workflowRoutes } from '@bp/contracts';
import { REPORT_TYPE_LABELS, REPORT_TYPE_VALUES } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle, useToast } from '../../ui/index.ts';
import { useOrgClientChoices } from '../clients/useOrgClient.ts';
import { apiErrorMessage, applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { choicesOf } from '../shared/form/choices.ts';
import { FormAlerts } from '../shared/form/FormAlerts.tsx';
import { FormSelect } from '../shared/form/FormSelect.tsx';
import { useEntityChoices } from '../shared/form/useBookChoices.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { reminderPagePath } from './ReminderListPage.tsx';
import { dueDaysAreWhole, ScheduleFields } from './ScheduleFields.tsx';
import { useInvalidateWorkflow, useReminder, useStaffChoices } from './workflow-api.ts';

interface Values {
  client: string;
  entity: string;
  name: string;
  report_type: string;
  frequency: string;
  due_business_days: string;
  start_date: string;
  assignee: string;
  backup: string;
  notes: string;
}

const FIELDS = [
  'client',
  'entity',
  'name',
  'report_type',
  'frequency',
  'due_business_days',
  'start_date',
  'assignee',
  'backup',
  'notes',
] as const;

/**
 * /reports/new-reminder-form (and the onboarding one): a report reminder of a client. `?type=reconciliation`
 * starts it as a reconciliation reminder, `?client=` with the client chosen.
 */
export function NewReminderPage() {
  const { organization } = useSession();
  if (!organization) {
    return (
      <Box>
        <PageTitle>New Report Reminder</PageTitle>
        <EmptyState title="No organization selected.">Choose an organization to add a reminder.</EmptyState>
      </Box>
    );
  }
  return <ReminderFormLoader orgGuid={organization.guid} />;
}

/** `?edit={guid}` edits that reminder: the form waits for it, then starts from its values. */
function ReminderFormLoader({ orgGuid }: { orgGuid: string }) {
  const [search] = useSearchParams();
  const edit = search.get('edit');
  const existing = useReminder(orgGuid, edit ?? '', edit !== null);
  if (edit === null) return <ReminderForm orgGuid={orgGuid} existing={null} />;
  if (existing.isPending) return <LoadingState label="Loading the reminder…" />;
  if (existing.isError) {
    return (
      <Box>
        <PageTitle>Edit Report Reminder</PageTitle>
        <ErrorState message={apiErrorMessage(existing.error)} onRetry={() => void existing.refetch()} />
      </Box>
    );
  }
  return <ReminderForm orgGuid={orgGuid} existing={existing.data} />;
}

function ReminderForm({ orgGuid, existing }: { orgGuid: string; existing: ReportReminder | null }) {
  const { api } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateWorkflow();
  const [search] = useSearchParams();
  // The onboarding copy of the form stays in onboarding: its reminder page is under the same prefix.
  const prefix = useLocation().pathname.startsWith('/client-onboarding') ? '/client-onboarding' : '';
  const { control, handleSubmit, setError, watch, setValue } = useForm<Values>({
    defaultValues: existing
      ? {
          client: existing.client.guid,
          entity: existing.entity?.guid ?? '',
          name: existing.name,
          report_type: existing.report_type,
          frequency: existing.frequency,
          due_business_days: String(existing.due_business_days),
          start_date: existing.start_date,
          assignee: existing.assignee?.guid ?? '',
          backup: existing.backup?.guid ?? '',
          notes: existing.notes ?? '',
        }
      : {
          client: search.get('client') ?? '',
          entity: '',
          name: '',
          report_type: search.get('type') === 'reconciliation' ? 'reconciliation' : '',
          frequency: 'monthly',
          due_business_days: '5',
          start_date: new Date().toISOString().slice(0, 10),
          assignee: '',
          backup: '',
          notes: '',
        },
  });
  const [channels, setChannels] = useState<Set<'email' | 'push'>>(
    new Set(existing ? existing.channels : ['email']),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const client = watch('client');
  const clients = useOrgClientChoices(orgGuid);
  const entities = useEntityChoices(client);
  const staff = useStaffChoices(orgGuid);
  const staffChoices = (staff.data?.results ?? []).map((s) => ({
    value: s.guid,
    label: `${s.first_name} ${s.last_name}`,
  }));

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body: CreateReportReminderRequest = {
        name: values.name,
        entity: values.entity || null,
        report_type: values.report_type as CreateReportReminderRequest['report_type'],
        frequency: values.frequency as CreateReportReminderRequest['frequency'],
        // Checked to be a whole number before saving.
        due_business_days: Number(values.due_business_days),
        start_date: values.start_date,
        assignee: values.assignee || null,
        backup: values.backup || null,
        channels: [...channels],
        notes: values.notes || null,
      };
      return existing
        ? api.call(workflowRoutes.patchReportsClientReportReminder, {
            params: { clientGuid: existing.client.guid, reminderGuid: existing.guid },
            body,
          })
        : api.call(workflowRoutes.postReportsClientReportReminders, {
            params: { clientGuid: values.client },
            body,
          });
    },
    onSuccess: (reminder) => {
      toast.success(existing ? `${reminder.name} is saved.` : `${reminder.name} is scheduled.`);
      void invalidate();
      void navigate(`${prefix}${reminderPagePath(reminder)}`);
    },
    onError: (error) => setFormError(applyApiErrors(error, setError, FIELDS)),
  });

  const submit = handleSubmit((values) => {
    setFormError(null);
    if (!values.client) {
      setError('client', { message: 'Choose a client.' }, { shouldFocus: true });
      return;
    }
    if (!dueDaysAreWhole(values, setError)) return;
    save.mutate(values);
  });
  const toggle = (channel: 'email' | 'push') =>
    setChannels((now) => {
      const next = new Set(now);
      if (next.has(channel)) next.delete(channel);
      else next.add(channel);
      return next;
    });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <PageTitle>{existing ? 'Edit Report Reminder' : 'New Report Reminder'}</PageTitle>
      <PageIntro>
        Each period, a task is raised for the assignee once the period ends, due this many business days later
        (weekends and US federal holidays skipped).
      </PageIntro>
      <FormAlerts formError={formError} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Stack spacing={2}>
          <FormSelect
            control={control}
            name="client"
            label="Client"
            idPrefix="reminder"
            required
            // A reminder stays with its client; editing changes everything else.
            disabled={existing !== null}
            choices={
              existing
                ? [{ value: existing.client.guid, label: existing.client.name }]
                : (clients.data?.results ?? []).map((c) => ({ value: c.guid, label: c.name }))
            }
            onChanged={() => setValue('entity', '')}
          />
          <FormSelect
            control={control}
            name="entity"
            label="Entity"
            idPrefix="reminder"
            emptyLabel="All entities"
            disabled={client === ''}
            choices={(entities.data?.results ?? []).map((e) => ({ value: e.guid, label: e.nickname }))}
          />
          <FormTextField control={control} name="name" label="Name" id="reminder-name" required />
          <FormSelect
            control={control}
            name="report_type"
            label="Report type"
            idPrefix="reminder"
            required
            choices={choicesOf(REPORT_TYPE_VALUES, REPORT_TYPE_LABELS)}
          />
          <ScheduleFields control={control} idPrefix="reminder" staffChoices={staffChoices} />
          <Box>
            <FormLabel component="legend">Notify by</FormLabel>
            <FormGroup row>
              <FormControlLabel
                control={<Checkbox checked={channels.has('email')} onChange={() => toggle('email')} />}
                label="Email"
              />
              <FormControlLabel
                control={<Checkbox checked={channels.has('push')} onChange={() => toggle('push')} />}
                label="Push"
              />
            </FormGroup>
          </Box>
          <FormTextField control={control} name="notes" label="Notes" id="reminder-notes" />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save Reminder
            </Button>
            <Button onClick={() => void navigate(-1)}>Cancel</Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
