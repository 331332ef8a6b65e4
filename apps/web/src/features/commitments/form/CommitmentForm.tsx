import type { Commitment } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import { centsToDollars } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { useOrgClientChoices } from '../../clients/useOrgClient.ts';
import { apiErrorMessage, applyApiErrors, isApiError } from '../../shared/api-errors.ts';
import { BookFields } from '../../shared/form/BookFields.tsx';
import { PAYMENT_METHOD_CHOICES, withCurrent } from '../../shared/form/choices.ts';
import { FormAlerts } from '../../shared/form/FormAlerts.tsx';
import { FormInput } from '../../shared/form/FormInput.tsx';
import { FormSelect } from '../../shared/form/FormSelect.tsx';
import { DOLLARS_HELPER, MoneyField } from '../../shared/form/MoneyField.tsx';
import { SwitchField } from '../../shared/form/SwitchField.tsx';
import { useBookChoiceLists } from '../../shared/form/useBookChoiceLists.ts';
import { useInvalidateCommitments } from '../commitment-api.ts';
import { CommitmentPartyFields } from './CommitmentPartyFields.tsx';
import { CommitmentScheduleFields } from './CommitmentScheduleFields.tsx';
import {
  amountCents,
  type CommitmentField,
  type CommitmentFormValues,
  createCommitmentPayload,
  patchCommitmentPayload,
  validateCommitmentForm,
} from './commitment-form-values.ts';

export const COMMITMENT_CONFLICT_MESSAGE = 'The commitment was changed by someone else. Reload it.';

export type CommitmentFormMode =
  /** A new commitment; `lockClient` keeps the client of `initial` (onboarding, ?client=). */
  | { kind: 'new'; lockClient?: boolean }
  /** A commitment made from an existing bill: POST .../commitments/from-bill/{billGuid}. */
  | { kind: 'from-bill'; billGuid: string }
  | { kind: 'edit'; commitment: Commitment };

export interface CommitmentFormProps {
  orgGuid: string;
  mode: CommitmentFormMode;
  initial: CommitmentFormValues;
  /** Names of the client and entity when they are fixed and may be missing from the choices. */
  clientName?: string;
  onSaved: (commitment: Commitment) => void;
  onCancel: () => void;
}

const FIELDS: readonly CommitmentField[] = [
  'client',
  'entity',
  'vendor',
  'category',
  'frequency',
  'due_day',
  'due_month',
  'start_date',
  'end_date',
  'expected_amount',
  'is_variable',
  'payment_method',
  'account',
  'division',
  'memo',
  'autopay',
];

const resolver: Resolver<CommitmentFormValues> = async (values) => {
  const problems = validateCommitmentForm(values);
  const entries = Object.entries(problems);
  if (entries.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    entries.map(([field, message]) => [field, { type: 'validate', message }]),
  ) as FieldErrors<CommitmentFormValues>;
  return { values: {}, errors };
};

/** A typed amount tidied on leaving the field ('1234.5' → '1,234.50') once it is a positive amount. */
function tidyAmount(text: string): string {
  const cents = amountCents(text);
  return cents !== null && cents > 0 ? centsToDollars(cents) : text;
}

/**
 * New, from-bill or edit commitment: client, entity, vendor, category, schedule (due day for monthly,
 * month and day for yearly; the start date fixes the weekday of weekly ones), dates, expected amount
 * in dollars (sent in cents) or variable, payment method, account, division, memo and autopay.
 * Problems show under their fields, the server's 400 messages too.
 */
export function CommitmentForm({
  orgGuid,
  mode,
  initial,
  clientName,
  onSaved,
  onCancel,
}: CommitmentFormProps) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateCommitments();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const editing = mode.kind === 'edit';
  const clientLocked = mode.kind !== 'new' || mode.lockClient === true;

  const form = useForm<CommitmentFormValues>({ defaultValues: initial, resolver });
  const { control } = form;
  const [clientGuid, entityGuid, isVariable] = useWatch({
    control,
    name: ['client', 'entity', 'is_variable'],
  });

  const clients = useOrgClientChoices(clientLocked ? '' : orgGuid);
  const saved = mode.kind === 'edit' ? mode.commitment : null;
  const sameEntity = saved !== null && saved.entity.guid === entityGuid;
  const books = useBookChoiceLists(clientGuid, entityGuid, {
    entity: saved?.entity,
    ...(sameEntity && saved
      ? {
          vendor: saved.vendor,
          accounts: saved.account ? [saved.account] : [],
          divisions: saved.division ? [saved.division] : [],
        }
      : {}),
  });
  const clientChoices = withCurrent(
    (clients.data?.results ?? []).map((c) => ({ value: c.guid, label: c.name })),
    // The preselected client stays a choice while the list loads (or when it is past the first 100).
    initial.client !== ''
      ? { value: initial.client, label: clientName ?? saved?.client.name ?? 'Selected client' }
      : null,
  );

  const save = useMutation({
    mutationFn: async (values: CommitmentFormValues): Promise<Commitment | null> => {
      if (mode.kind === 'edit') {
        const patch = patchCommitmentPayload(mode.commitment, values);
        if (!patch) return null;
        return api.call(commitmentsRoutes.patchBillingClientCommitment, {
          params: { clientGuid: values.client, commitmentId: mode.commitment.id },
          body: patch,
        });
      }
      const body = createCommitmentPayload(values);
      if (mode.kind === 'from-bill')
        return api.call(commitmentsRoutes.postBillingClientCommitmentsFromBill, {
          params: { clientGuid: values.client, billGuid: mode.billGuid },
          body,
        });
      return api.call(commitmentsRoutes.postBillingClientCommitments, {
        params: { clientGuid: values.client },
        body,
      });
    },
    onMutate: () => {
      setFormError(null);
      setConflict(false);
    },
    onSuccess: async (result) => {
      if (!result) {
        toast.info('Nothing changed.');
        return;
      }
      toast.success(editing ? 'Commitment saved' : 'Commitment created');
      void invalidate();
      onSaved(result);
    },
    onError: (error) => {
      if (editing && isApiError(error, 409)) {
        setConflict(true);
        return;
      }
      if (isApiError(error, 400)) {
        const rest = applyApiErrors(error, form.setError, FIELDS);
        if (rest) setFormError(rest);
        toast.error('The commitment was not saved. Check the highlighted fields.');
        return;
      }
      const message = apiErrorMessage(error);
      setFormError(message);
      toast.error(`The commitment was not saved. ${message}`);
    },
  });

  const busy = save.isPending;
  const noClient = clientGuid === '';
  const noEntity = entityGuid === '';
  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit commitment' : 'New commitment'}
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      <FormAlerts
        conflict={conflict ? { message: COMMITMENT_CONFLICT_MESSAGE } : null}
        formError={formError}
      />

      <Grid container spacing={2}>
        <CommitmentPartyFields
          form={form}
          clients={{ choices: clientChoices, isError: clients.isError, error: clients.error }}
          clientLocked={clientLocked}
          books={books}
          noClient={noClient}
          noEntity={noEntity}
          disabled={busy}
        />
        <CommitmentScheduleFields control={control} disabled={busy} />

        <Grid size={{ xs: 12, sm: 6 }}>
          <MoneyField
            control={control}
            name="expected_amount"
            id="commitment-expected_amount"
            label="Expected amount ($)"
            required={!isVariable}
            shownValue={isVariable ? '' : undefined}
            disabled={busy || isVariable}
            helperText={isVariable ? 'The amount varies: each bill sets it.' : DOLLARS_HELPER}
            formatOnBlur={tidyAmount}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <SwitchField
            control={control}
            name="is_variable"
            label="Variable amount"
            disabled={busy}
            onChanged={(checked) => {
              if (checked) form.clearErrors('expected_amount');
            }}
          />
        </Grid>

        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="payment_method"
            label="Payment method"
            choices={PAYMENT_METHOD_CHOICES}
            disabled={busy}
            required
          />
        </Grid>
        <BookFields
          control={control}
          idPrefix="commitment"
          accounts={{ choices: books.accountChoices, query: books.accounts }}
          divisions={{ choices: books.divisionChoices, query: books.divisions }}
          accountHint="Used on its bills."
          noEntity={noEntity}
          disabled={busy}
        />
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <SwitchField
            control={control}
            name="autopay"
            label="Paid by the vendor's autopay"
            disabled={busy}
          />
        </Grid>
        <Grid size={12}>
          <FormInput
            idPrefix="commitment"
            control={control}
            name="memo"
            label="Memo"
            disabled={busy}
            multiline
          />
        </Grid>
      </Grid>

      <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {editing ? 'Save changes' : 'Create commitment'}
        </Button>
      </Stack>
    </Box>
  );
}
