import type { Commitment } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import {
  COMMITMENT_CATEGORY_LABELS,
  COMMITMENT_CATEGORY_VALUES,
  COMMITMENT_FREQUENCY_LABELS,
  COMMITMENT_FREQUENCY_VALUES,
  centsToDollars,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
} from '@bp/domain';
import { Alert, Box, Button, FormControlLabel, Grid, Stack, Switch, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useController,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { FormInput } from '../../bills/form/FormInput.tsx';
import { FormSelect } from '../../bills/form/FormSelect.tsx';
import {
  type Choice,
  useAccountChoices,
  useDivisionChoices,
  useEntityChoices,
  useVendorChoices,
  withCurrent,
} from '../../bills/form/useBillChoices.ts';
import { useOrgClientChoices } from '../../clients/useOrgClient.ts';
import { apiErrorMessage, isApiError } from '../../shared/api-errors.ts';
import { useInvalidateCommitments } from '../commitment-api.ts';
import { MONTH_NAMES } from '../display.tsx';
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

const CATEGORY_CHOICES: Choice[] = COMMITMENT_CATEGORY_VALUES.map((value) => ({
  value,
  label: COMMITMENT_CATEGORY_LABELS[value],
}));
const FREQUENCY_CHOICES: Choice[] = COMMITMENT_FREQUENCY_VALUES.map((value) => ({
  value,
  label: COMMITMENT_FREQUENCY_LABELS[value],
}));
const PAYMENT_METHOD_CHOICES: Choice[] = PAYMENT_METHOD_VALUES.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));
const MONTH_CHOICES: Choice[] = MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label }));

function SwitchField({
  control,
  name,
  label,
  disabled,
  onChanged,
}: {
  control: Control<CommitmentFormValues>;
  name: 'is_variable' | 'autopay';
  label: string;
  disabled?: boolean;
  onChanged?: (checked: boolean) => void;
}) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          checked={field.value}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onChanged?.(event.target.checked);
          }}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
          disabled={disabled}
        />
      }
      label={label}
    />
  );
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
  const { control, setValue } = form;
  const [clientGuid, entityGuid, frequency, isVariable] = useWatch({
    control,
    name: ['client', 'entity', 'frequency', 'is_variable'],
  });

  const clients = useOrgClientChoices(clientLocked ? '' : orgGuid);
  const entities = useEntityChoices(clientGuid);
  const vendors = useVendorChoices(clientGuid, entityGuid);
  const accounts = useAccountChoices(clientGuid, entityGuid);
  const divisions = useDivisionChoices(clientGuid, entityGuid);
  const saved = mode.kind === 'edit' ? mode.commitment : null;
  const sameEntity = saved !== null && saved.entity.guid === entityGuid;

  const clientChoices = useMemo(
    () =>
      withCurrent(
        (clients.data?.results ?? []).map((c) => ({ value: c.guid, label: c.name })),
        // The preselected client stays a choice while the list loads (or when it is past the first 100).
        initial.client !== ''
          ? { value: initial.client, label: clientName ?? saved?.client.name ?? 'Selected client' }
          : null,
      ),
    [clients.data, initial.client, clientName, saved],
  );
  const entityChoices = useMemo(
    () =>
      withCurrent(
        (entities.data?.results ?? [])
          .filter((e) => !e.archived)
          .map((e) => ({ value: e.guid, label: e.nickname })),
        saved ? { value: saved.entity.guid, label: saved.entity.nickname } : null,
      ),
    [entities.data, saved],
  );
  const vendorChoices = useMemo(
    () =>
      withCurrent(
        (vendors.data?.results ?? [])
          .filter((v) => v.is_active)
          .map((v) => ({ value: v.guid, label: v.name })),
        sameEntity && saved ? { value: saved.vendor.guid, label: saved.vendor.name } : null,
      ),
    [vendors.data, sameEntity, saved],
  );
  const accountChoices = useMemo(
    () =>
      withCurrent(
        (accounts.data?.results ?? []).map((a) => ({ value: a.guid, label: a.display_2_levels })),
        sameEntity && saved?.account
          ? { value: saved.account.guid, label: saved.account.display_2_levels }
          : null,
      ),
    [accounts.data, sameEntity, saved],
  );
  const divisionChoices = useMemo(
    () =>
      withCurrent(
        (divisions.data?.results ?? [])
          .filter((d) => d.is_active)
          .map((d) => ({ value: d.guid, label: d.name })),
        sameEntity && saved?.division ? { value: saved.division.guid, label: saved.division.name } : null,
      ),
    [divisions.data, sameEntity, saved],
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
        const rest = showFieldErrors(error.body);
        if (rest) setFormError(rest);
        toast.error('The commitment was not saved. Check the highlighted fields.');
        return;
      }
      const message = apiErrorMessage(error);
      setFormError(message);
      toast.error(`The commitment was not saved. ${message}`);
    },
  });

  /** Puts a 400's messages under their fields; returns the text for the others. */
  function showFieldErrors(body: unknown): string | null {
    if (body === null || typeof body !== 'object') return apiErrorMessage(body);
    const rest: string[] = [];
    let focused = false;
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const message = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
      if (typeof message !== 'string' || message === '') continue;
      if ((FIELDS as readonly string[]).includes(key)) {
        form.setError(
          key as FieldPath<CommitmentFormValues>,
          { type: 'server', message },
          { shouldFocus: !focused },
        );
        focused = true;
      } else {
        rest.push(message);
      }
    }
    return rest[0] ?? null;
  }

  const busy = save.isPending;
  const noClient = clientGuid === '';
  const noEntity = entityGuid === '';
  const amount = useController({ control, name: 'expected_amount' });

  function entityHelper(): string | undefined {
    if (noClient) return 'Choose a client first.';
    if (entities.isError) return `The entities could not be loaded. ${apiErrorMessage(entities.error)}`;
    if (entities.isPending) return 'Loading entities…';
    return entityChoices.length === 0 ? 'This client has no active entities.' : undefined;
  }
  function bookHelper(what: string, query: { isError: boolean; isPending: boolean }, empty: boolean) {
    if (noEntity) return 'Choose an entity first.';
    if (query.isError) return `The ${what} could not be loaded.`;
    if (query.isPending) return `Loading ${what}…`;
    return empty ? `This entity has no ${what}.` : undefined;
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit commitment' : 'New commitment'}
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      {conflict ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {COMMITMENT_CONFLICT_MESSAGE}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="client"
            label="Client"
            choices={clientChoices}
            disabled={busy || clientLocked}
            required
            helperText={
              clients.isError
                ? `The clients could not be loaded. ${apiErrorMessage(clients.error)}`
                : undefined
            }
            onChanged={() => {
              setValue('entity', '');
              setValue('vendor', '');
              setValue('account', '');
              setValue('division', '');
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="entity"
            label="Entity"
            choices={entityChoices}
            disabled={busy || noClient}
            required
            helperText={entityHelper()}
            onChanged={() => {
              setValue('vendor', '');
              setValue('account', '');
              setValue('division', '');
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="vendor"
            label="Vendor"
            choices={vendorChoices}
            disabled={busy || noEntity}
            required
            helperText={bookHelper('vendors', vendors, vendorChoices.length === 0)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="category"
            label="Category"
            choices={CATEGORY_CHOICES}
            disabled={busy}
            required
          />
        </Grid>

        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="frequency"
            label="Frequency"
            choices={FREQUENCY_CHOICES}
            disabled={busy}
            required
            helperText={
              frequency === 'weekly' || frequency === 'bi_weekly'
                ? 'The start date sets the weekday.'
                : undefined
            }
          />
        </Grid>
        {frequency === 'yearly' ? (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormSelect
              idPrefix="commitment"
              control={control}
              name="due_month"
              label="Due month"
              choices={MONTH_CHOICES}
              disabled={busy}
              required
            />
          </Grid>
        ) : null}
        {frequency === 'monthly' || frequency === 'yearly' ? (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormInput
              idPrefix="commitment"
              control={control}
              name="due_day"
              inputMode="numeric"
              label="Due day"
              disabled={busy}
              required
              helperText={
                frequency === 'monthly'
                  ? 'Day of the month, 1 to 31 (31 means the last day).'
                  : 'Day of the due month.'
              }
            />
          </Grid>
        ) : null}

        <Grid size={{ xs: 12, sm: 6 }}>
          <FormInput
            idPrefix="commitment"
            control={control}
            name="start_date"
            label="Start date"
            type="date"
            disabled={busy}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormInput
            idPrefix="commitment"
            control={control}
            name="end_date"
            label="End date"
            type="date"
            disabled={busy}
            helperText="Leave blank when it has no end."
          />
        </Grid>

        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            id="commitment-expected_amount"
            name={amount.field.name}
            label="Expected amount ($)"
            required={!isVariable}
            value={isVariable ? '' : amount.field.value}
            onChange={amount.field.onChange}
            onBlur={() => {
              const cents = amountCents(amount.field.value);
              if (cents !== null && cents > 0) {
                amount.field.onChange(centsToDollars(cents));
              }
              amount.field.onBlur();
            }}
            inputRef={amount.field.ref}
            disabled={busy || isVariable}
            error={amount.fieldState.error !== undefined}
            helperText={
              amount.fieldState.error?.message ??
              (isVariable ? 'The amount varies: each bill sets it.' : 'In dollars, e.g. 1,234.56')
            }
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
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
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="account"
            label="Account"
            choices={accountChoices}
            emptyLabel="None"
            disabled={busy || noEntity}
            helperText={bookHelper('accounts', accounts, accountChoices.length === 0) ?? 'Used on its bills.'}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="division"
            label="Division"
            choices={divisionChoices}
            emptyLabel="None"
            disabled={busy || noEntity}
            helperText={bookHelper('divisions', divisions, divisionChoices.length === 0)}
          />
        </Grid>
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
