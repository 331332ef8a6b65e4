import type { Bill } from '@bp/contracts';
import { billsRoutes } from '@bp/contracts';
import {
  INVOICE_SOURCE_LABELS,
  INVOICE_SOURCE_VALUES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
} from '@bp/domain';
import { Alert, Box, Button, FormControlLabel, Grid, Stack, Switch, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useController,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { apiErrorMessage, isApiError } from '../../shared/api-errors.ts';
import { billQueryKey, useInvalidateBills } from '../shared/bill-api.ts';
import {
  type BillFormValues,
  billToForm,
  blankBillForm,
  centsOf,
  createBillPayload,
  formatDollarsInput,
  linesBalance,
  patchBillPayload,
  validateBillForm,
} from './bill-form-values.ts';
import { FormInput } from './FormInput.tsx';
import { FormSelect } from './FormSelect.tsx';
import { LinesEditor } from './LinesEditor.tsx';
import {
  type Choice,
  useAccountChoices,
  useDivisionChoices,
  useEntityChoices,
  useVendorChoices,
  withCurrent,
} from './useBillChoices.ts';
import { VendorPicker } from './VendorPicker.tsx';

export const CONFLICT_MESSAGE = 'The bill was changed by someone else. Reload it.';

export interface BillFormProps {
  clientGuid: string;
  /** The bill to edit; without it the form enters a new bill. */
  bill?: Bill;
  onSaved: (bill: Bill) => void;
  onCancel: () => void;
}

const PAYMENT_METHOD_CHOICES: Choice[] = PAYMENT_METHOD_VALUES.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));
const INVOICE_SOURCE_CHOICES: Choice[] = INVOICE_SOURCE_VALUES.map((value) => ({
  value,
  label: INVOICE_SOURCE_LABELS[value],
}));

const TOP_FIELDS = [
  'entity',
  'vendor',
  'amount',
  'due_date',
  'invoice_number',
  'invoice_date',
  'payment_method',
  'invoice_source',
  'under_power_of_attorney',
] as const;
const LINE_FIELD = /^lines\.(\d+)\.(account|division|memo|amount)$/;

/** validateBillForm's problems as react-hook-form errors (the lines' sum is shown by the editor). */
const resolver: Resolver<BillFormValues> = async (values) => {
  const problems = validateBillForm(values);
  const errors: Record<string, unknown> = {};
  const lineErrors: Record<string, unknown>[] = [];
  for (const [path, message] of Object.entries(problems)) {
    const line = LINE_FIELD.exec(path);
    if (line) {
      const index = Number(line[1]);
      lineErrors[index] = { ...lineErrors[index], [line[2] as string]: { type: 'validate', message } };
    } else if (path !== 'lines') {
      errors[path] = { type: 'validate', message };
    }
  }
  if (lineErrors.length > 0) errors.lines = lineErrors;
  if (Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<BillFormValues> };
  }
  if (problems.lines) {
    return { values: {}, errors: { lines: { root: { type: 'validate', message: problems.lines } } } };
  }
  return { values, errors: {} };
};

type SaveRequest = { values: BillFormValues; draft: boolean };

/**
 * Enter a bill (Save as draft → pre-bill inbox, or Submit for approval) or edit one (only the
 * changed fields and the version seen). Amounts are typed in dollars and sent in cents.
 */
export function BillForm({ clientGuid, bill, onSaved, onCancel }: BillFormProps) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const invalidateBills = useInvalidateBills();
  // The bill as the server last answered: the baseline of "changed" and of `version`.
  const [baseline, setBaseline] = useState<Bill | undefined>(bill);
  const [formError, setFormError] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const editing = baseline !== undefined;

  const form = useForm<BillFormValues>({
    defaultValues: bill ? billToForm(bill) : blankBillForm(),
    resolver,
  });
  const { control, setValue, getValues } = form;

  // A newer version of the bill from the page (after a save or a reload) becomes the new baseline.
  useEffect(() => {
    if (bill && (bill.guid !== baseline?.guid || bill.version > baseline.version)) {
      setBaseline(bill);
      form.reset(billToForm(bill));
    }
  }, [bill, baseline, form]);

  const [entityGuid, amount, lines] = useWatch({ control, name: ['entity', 'amount', 'lines'] });
  const entities = useEntityChoices(clientGuid);
  const vendors = useVendorChoices(clientGuid, entityGuid);
  const accounts = useAccountChoices(clientGuid, entityGuid);
  const divisions = useDivisionChoices(clientGuid, entityGuid);

  const entityChoices = useMemo(
    () =>
      withCurrent(
        (entities.data?.results ?? [])
          .filter((e) => !e.archived)
          .map((e) => ({ value: e.guid, label: e.nickname })),
        baseline ? { value: baseline.entity.guid, label: baseline.entity.nickname } : null,
      ),
    [entities.data, baseline],
  );
  const sameEntity = baseline !== undefined && baseline.entity.guid === entityGuid;
  const vendorChoices = useMemo(
    () =>
      withCurrent(
        (vendors.data?.results ?? [])
          .filter((v) => v.is_active)
          .map((v) => ({ value: v.guid, label: v.name })),
        sameEntity && baseline ? { value: baseline.vendor.guid, label: baseline.vendor.name } : null,
      ),
    [vendors.data, sameEntity, baseline],
  );
  const accountChoices = useMemo(() => {
    let choices: Choice[] = (accounts.data?.results ?? []).map((a) => ({
      value: a.guid,
      label: a.display_2_levels,
    }));
    if (sameEntity && baseline) {
      for (const line of baseline.lines) {
        choices = withCurrent(choices, { value: line.account.guid, label: line.account.display_2_levels });
      }
    }
    return choices;
  }, [accounts.data, sameEntity, baseline]);
  const divisionChoices = useMemo(() => {
    let choices: Choice[] = (divisions.data?.results ?? [])
      .filter((d) => d.is_active)
      .map((d) => ({ value: d.guid, label: d.name }));
    if (sameEntity && baseline) {
      for (const line of baseline.lines) {
        if (line.division) {
          choices = withCurrent(choices, { value: line.division.guid, label: line.division.name });
        }
      }
    }
    return choices;
  }, [divisions.data, sameEntity, baseline]);

  const balance = linesBalance(amount, lines);
  const linesMismatch = balance.amount !== null && !balance.balanced;

  const save = useMutation({
    mutationFn: async ({ values, draft }: SaveRequest): Promise<Bill | null> => {
      if (baseline) {
        const patch = patchBillPayload(baseline, values);
        if (!patch) return null;
        return api.call(billsRoutes.patchBillingClientBill, {
          params: { clientGuid, billGuid: baseline.guid },
          body: patch,
        });
      }
      return api.call(billsRoutes.postBillingClientBills, {
        params: { clientGuid },
        body: createBillPayload(values, draft),
      });
    },
    onMutate: () => {
      setFormError(null);
      setLinesError(null);
      setConflict(false);
    },
    onSuccess: async (saved, { draft }) => {
      if (!saved) {
        toast.info('Nothing changed.');
        return;
      }
      queryClient.setQueryData(billQueryKey(clientGuid, saved.guid), saved);
      if (editing) {
        setBaseline(saved);
        form.reset(billToForm(saved));
        toast.success('Bill saved');
      } else {
        toast.success(draft ? 'Bill created as a draft' : 'Bill created');
      }
      void invalidateBills();
      onSaved(saved);
    },
    onError: (error) => {
      if (editing && isApiError(error, 409)) {
        setConflict(true);
        return;
      }
      if (isApiError(error, 400)) {
        const rest = showFieldErrors(error.body);
        if (rest) setFormError(rest);
        toast.error('The bill was not saved. Check the highlighted fields.');
        return;
      }
      const message = apiErrorMessage(error);
      setFormError(message);
      toast.error(`The bill was not saved. ${message}`);
    },
  });

  /** Puts a 400's messages under their fields; returns the text for everything else. */
  function showFieldErrors(body: unknown): string | null {
    if (body === null || typeof body !== 'object') return apiErrorMessage(body);
    const rest: string[] = [];
    let focused = false;
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const message = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
      if (typeof message !== 'string' || message === '') continue;
      const isTop = (TOP_FIELDS as readonly string[]).includes(key);
      if (isTop || LINE_FIELD.test(key)) {
        form.setError(
          key as FieldPath<BillFormValues>,
          { type: 'server', message },
          { shouldFocus: !focused },
        );
        focused = true;
      } else if (key === 'lines') {
        setLinesError(message);
      } else {
        rest.push(message);
      }
    }
    return rest[0] ?? null;
  }

  const reload = useMutation({
    mutationFn: () =>
      api.call(billsRoutes.getBillingClientBill, {
        params: { clientGuid, billGuid: baseline?.guid ?? '' },
      }),
    onSuccess: (fresh) => {
      queryClient.setQueryData(billQueryKey(clientGuid, fresh.guid), fresh);
      setBaseline(fresh);
      form.reset(billToForm(fresh));
      setConflict(false);
      setFormError(null);
      toast.info('The latest version of the bill is loaded.');
    },
    onError: (error) => setFormError(apiErrorMessage(error)),
  });

  const submitWith = (draft: boolean) => form.handleSubmit((values) => save.mutate({ values, draft }));

  /** Changing the amount also fills the only line while it is blank or still follows the amount. */
  function onAmountChange(next: string) {
    const previous = getValues('amount');
    setValue('amount', next, { shouldValidate: form.formState.isSubmitted });
    const current = getValues('lines');
    const only = current.length === 1 ? current[0] : undefined;
    if (only && (only.amount.trim() === '' || centsOf(only.amount) === centsOf(previous))) {
      setValue('lines.0.amount', next, { shouldValidate: form.formState.isSubmitted });
    }
  }

  /** A new entity has other vendors and accounts: clear them. */
  function onEntityChanged() {
    setValue('vendor', '');
    getValues('lines').forEach((_, index) => {
      setValue(`lines.${index}.account`, '');
      setValue(`lines.${index}.division`, '');
    });
  }

  const busy = save.isPending || reload.isPending;
  const amountField = useController({ control, name: 'amount' });
  const poa = useController({ control, name: 'under_power_of_attorney' });
  const noEntity = entityGuid === '';

  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit bill' : 'New bill'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!linesMismatch) void submitWith(false)(event);
      }}
    >
      {conflict ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => reload.mutate()} loading={reload.isPending}>
              Reload
            </Button>
          }
        >
          {CONFLICT_MESSAGE}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      {entities.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={<Button onClick={() => void entities.refetch()}>Retry</Button>}
        >
          The client's entities could not be loaded. {apiErrorMessage(entities.error)}
        </Alert>
      ) : null}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelect
            control={control}
            name="entity"
            label="Entity"
            choices={entityChoices}
            disabled={busy}
            required
            helperText={
              entities.isPending
                ? 'Loading entities…'
                : entityChoices.length === 0
                  ? 'This client has no active entities.'
                  : undefined
            }
            onChanged={onEntityChanged}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <VendorPicker
            control={control}
            name="vendor"
            clientGuid={clientGuid}
            entityGuid={entityGuid}
            choices={vendorChoices}
            disabled={busy || noEntity}
            required
            helperText={
              noEntity
                ? 'Choose an entity first.'
                : vendors.isError
                  ? `The vendors could not be loaded. ${apiErrorMessage(vendors.error)}`
                  : vendors.isPending
                    ? 'Loading vendors…'
                    : vendorChoices.length === 0
                      ? 'This entity has no active vendors.'
                      : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            id="bill-amount"
            name={amountField.field.name}
            label="Amount ($)"
            required
            value={amountField.field.value}
            onChange={(event) => onAmountChange(event.target.value)}
            onBlur={() => {
              const formatted = formatDollarsInput(amountField.field.value);
              if (formatted !== amountField.field.value) onAmountChange(formatted);
              amountField.field.onBlur();
            }}
            inputRef={amountField.field.ref}
            disabled={busy}
            error={amountField.fieldState.error !== undefined}
            helperText={amountField.fieldState.error?.message ?? 'In dollars, e.g. 1,234.56'}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormInput
            idPrefix="bill"
            control={control}
            name="due_date"
            label="Due date"
            type="date"
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormInput
            idPrefix="bill"
            control={control}
            name="invoice_number"
            label="Invoice number"
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormInput
            idPrefix="bill"
            control={control}
            name="invoice_date"
            label="Invoice date"
            type="date"
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormSelect
            control={control}
            name="payment_method"
            label="Payment method"
            choices={PAYMENT_METHOD_CHOICES}
            disabled={busy}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormSelect
            control={control}
            name="invoice_source"
            label="Invoice source"
            choices={INVOICE_SOURCE_CHOICES}
            disabled={busy}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch
                name={poa.field.name}
                checked={poa.field.value}
                onChange={(event) => poa.field.onChange(event.target.checked)}
                onBlur={poa.field.onBlur}
                slotProps={{ input: { ref: poa.field.ref } }}
                disabled={busy}
              />
            }
            label="Paid under power of attorney"
          />
        </Grid>
      </Grid>

      <LinesEditor
        control={control}
        accounts={accountChoices}
        divisions={divisionChoices}
        noEntity={noEntity}
        serverError={linesError}
        disabled={busy}
      />

      <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {editing ? (
          <Button type="submit" variant="contained" disabled={busy || linesMismatch} loading={save.isPending}>
            Save changes
          </Button>
        ) : (
          <>
            <Button
              variant="outlined"
              disabled={busy || linesMismatch}
              loading={save.isPending && save.variables?.draft === true}
              onClick={() => void submitWith(true)()}
            >
              Save as draft
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || linesMismatch}
              loading={save.isPending && save.variables?.draft === false}
            >
              Submit for approval
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
