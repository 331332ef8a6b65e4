import {
  initialAnswers,
  itAnswers,
  type OnboardingChecklist,
  onboardingClientDetailsRequest,
  onboardingRoutes,
  prelimAnswers,
} from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { type FieldSpec, type FormValues, payloadAs, RecordFormDialog } from '../client-records/index.ts';
import { useSetChecklist } from './onboarding-api.ts';

const INITIAL_FIELDS: FieldSpec[] = [
  { name: 'goals', label: 'What should we take care of for you?', kind: 'multiline', required: true },
  {
    name: 'monthly_bill_count',
    label: 'Bills in a typical month',
    kind: 'integer',
    required: true,
    half: true,
  },
  {
    name: 'preferred_contact',
    label: 'Preferred contact',
    kind: 'select',
    required: true,
    half: true,
    options: [
      { value: 'email', label: 'E-mail' },
      { value: 'phone', label: 'Phone' },
    ],
  },
];
const IT_FIELDS: FieldSpec[] = [
  { name: 'email_provider', label: 'E-mail provider', kind: 'text' },
  { name: 'uses_password_manager', label: 'I use a password manager', kind: 'checkbox' },
  { name: 'notes', label: 'Anything else about your devices and accounts', kind: 'multiline' },
];
const PRELIM_FIELDS: FieldSpec[] = [
  { name: 'current_bill_payer', label: 'Who pays the bills today?', kind: 'text', required: true },
  { name: 'bank_count', label: 'Number of banks you use', kind: 'integer', required: true, half: true },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];
const DETAIL_FIELDS: FieldSpec[] = [
  { name: 'primary_contact', label: 'Primary contact', kind: 'text', required: true },
  { name: 'has_properties', label: 'The household owns real estate', kind: 'checkbox' },
];

const STEPS = {
  initial: {
    fields: INITIAL_FIELDS,
    schema: initialAnswers,
    route: onboardingRoutes.putAccountsClientOnboardingInitial,
  },
  it: { fields: IT_FIELDS, schema: itAnswers, route: onboardingRoutes.putAccountsClientOnboardingIt },
  prelim: {
    fields: PRELIM_FIELDS,
    schema: prelimAnswers,
    route: onboardingRoutes.putAccountsClientOnboardingPrelim,
  },
} as const;

/** Saved values as the form's text (numbers as text, booleans kept). */
function asFormValues(values: Record<string, unknown> | null): Partial<FormValues> {
  const form: Partial<FormValues> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (typeof value === 'boolean') form[key] = value;
    else if (value !== null && value !== undefined) form[key] = String(value);
  }
  return form;
}

function SavedValues({
  fields,
  values,
}: {
  fields: readonly FieldSpec[];
  values: Record<string, unknown> | null;
}) {
  if (!values) return <Typography color="text.secondary">Not answered yet.</Typography>;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {fields.map((field) => {
        const value = values[field.name];
        const shown =
          typeof value === 'boolean'
            ? value
              ? 'Yes'
              : 'No'
            : (field.options?.find((o) => o.value === value)?.label ??
              (value === null || value === undefined || value === '' ? '—' : String(value)));
        return [
          <Typography key={`${field.name}-t`} component="dt" color="text.secondary">
            {field.label}
          </Typography>,
          <Typography key={`${field.name}-d`} component="dd" sx={{ m: 0 }}>
            {shown}
          </Typography>,
        ];
      })}
    </Box>
  );
}

/** The questionnaire steps (initial, it, prelim): their answers, and a form to give or change them. */
export function AnswerStep({
  checklist,
  anchor,
}: {
  checklist: OnboardingChecklist;
  anchor: keyof typeof STEPS;
}) {
  const { api } = useSession();
  const setChecklist = useSetChecklist(checklist.client.guid);
  const [open, setOpen] = useState(false);
  const step = STEPS[anchor];
  const values = checklist.answers[anchor] as Record<string, unknown> | null;
  return (
    <Box>
      <SavedValues fields={step.fields} values={values} />
      {checklist.can_edit ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
          {values ? 'Edit answers' : 'Answer'}
        </Button>
      ) : null}
      <RecordFormDialog
        open={open}
        title="Your answers"
        fields={step.fields}
        schema={step.schema}
        item={null}
        defaults={asFormValues(values)}
        submitLabel="Save"
        successMessage="Answers saved."
        onSubmit={async (payload) => {
          const params = { clientGuid: checklist.client.guid };
          const saved =
            anchor === 'initial'
              ? await api.call(STEPS.initial.route, { params, body: payloadAs(initialAnswers, payload) })
              : anchor === 'it'
                ? await api.call(STEPS.it.route, { params, body: payloadAs(itAnswers, payload) })
                : await api.call(STEPS.prelim.route, { params, body: payloadAs(prelimAnswers, payload) });
          setChecklist(saved);
        }}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}

/** The client-details step: the primary contact and whether the household owns real estate. */
export function ClientDetailsStep({ checklist }: { checklist: OnboardingChecklist }) {
  const { api } = useSession();
  const setChecklist = useSetChecklist(checklist.client.guid);
  const [open, setOpen] = useState(false);
  const { client } = checklist;
  return (
    <Box>
      <SavedValues
        fields={DETAIL_FIELDS}
        values={{ primary_contact: client.primary_contact, has_properties: client.has_properties }}
      />
      {checklist.can_edit ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
          Edit details
        </Button>
      ) : null}
      <RecordFormDialog
        open={open}
        title="Client details"
        fields={DETAIL_FIELDS}
        schema={onboardingClientDetailsRequest}
        item={null}
        defaults={{ primary_contact: client.primary_contact ?? '', has_properties: client.has_properties }}
        submitLabel="Save"
        successMessage="Client details saved."
        onSubmit={async (payload) => {
          setChecklist(
            await api.call(onboardingRoutes.patchAccountsClientOnboardingClientDetails, {
              params: { clientGuid: client.guid },
              body: payloadAs(onboardingClientDetailsRequest, payload),
            }),
          );
        }}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
