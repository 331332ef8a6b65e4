import type { RecordPaymentRequest } from '@bp/contracts';
import { clientRecordsRoutes } from '@bp/contracts';
import {
  calendarDateOf,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_REFERENCE_LABELS,
  type PaymentMethod,
  paymentReferenceRequired,
  toIsoDate,
} from '@bp/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../../session/session-context.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { FormTextField } from '../../shared/FormTextField.tsx';

export type PaymentValues = Omit<RecordPaymentRequest, 'version'>;

/** The client's accounts a payment may leave from (its institutions). */
export function useClientAccounts(clientGuid: string, enabled: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['client-accounts', clientGuid],
    queryFn: ({ signal }) =>
      api.call(clientRecordsRoutes.getAccountsClientInstitutions, {
        params: { clientGuid },
        query: { page_size: 100 },
        signal,
      }),
    enabled: enabled && clientGuid !== '',
  });
}

/** Today where the browser is: the API reads "today" in the same zone (X-Timezone). */
export const today = () => toIsoDate(calendarDateOf(new Date()));
/** "Operating account ••4821" */
export const accountName = (account: { name: string; account_last4: string | null }) =>
  account.account_last4 ? `${account.name} ••${account.account_last4}` : account.name;
const plural = (n: number) => `${n} bill${n === 1 ? '' : 's'}`;

function formSchema(needsReference: boolean, referenceLabel: string) {
  return z.object({
    payment_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the payment date.')
      .refine((value) => value <= today(), 'The payment date cannot be after today.'),
    paid_from_account: z.string().min(1, 'Choose the account the payment left from.'),
    reference: z
      .string()
      .max(100, 'Use 100 characters or fewer.')
      .refine((value) => !needsReference || value.trim() !== '', `${referenceLabel} is required.`),
  });
}
type PaymentForm = z.infer<ReturnType<typeof formSchema>>;

/**
 * Record payment (decision 015), for one bill or a selection: the date the money left, the client's
 * account it left from and the method's reference. It names the number of bills and their total before
 * the confirming button, so a bulk payment is confirmed knowingly.
 */
export function RecordPaymentDialog({
  open,
  clientGuid,
  methods,
  count,
  total,
  pending = false,
  problem = null,
  onSubmit,
  onClose,
}: {
  open: boolean;
  clientGuid: string;
  /** The payment methods of the bills: the reference is required when one of them needs it. */
  methods: readonly PaymentMethod[];
  count: number;
  /** Cents. */
  total: number;
  pending?: boolean;
  problem?: string | null;
  onSubmit: (values: PaymentValues) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const accounts = useClientAccounts(clientGuid, open);
  const kinds = [...new Set(methods)];
  const needsReference = kinds.some(paymentReferenceRequired);
  const only = kinds.length === 1 ? kinds[0] : undefined;
  const referenceLabel = only
    ? PAYMENT_REFERENCE_LABELS[only]
    : 'Reference (check number, ACH trace, wire confirmation)';
  const schema = useMemo(
    () => formSchema(needsReference, only ? PAYMENT_REFERENCE_LABELS[only] : 'The reference'),
    [needsReference, only],
  );
  const { control, handleSubmit, reset, setValue, getValues } = useForm<PaymentForm>({
    resolver: zodResolver(schema),
    defaultValues: { payment_date: today(), paid_from_account: '', reference: '' },
  });
  useEffect(() => {
    if (open) reset({ payment_date: today(), paid_from_account: '', reference: '' });
  }, [open, reset]);
  // One account: nothing to choose.
  const list = accounts.data?.results ?? [];
  const single = list.length === 1 ? list[0]?.guid : undefined;
  useEffect(() => {
    if (open && single && getValues('paid_from_account') === '') setValue('paid_from_account', single);
  }, [open, single, getValues, setValue]);

  const submit = handleSubmit((values) =>
    onSubmit({
      payment_date: values.payment_date,
      paid_from_account: values.paid_from_account,
      reference: values.reference.trim() === '' ? null : values.reference.trim(),
    }),
  );
  const methodText = kinds.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ');

  return (
    <FormDialog
      open={open}
      pending={pending}
      problem={problem}
      onClose={onClose}
      onSubmit={submit}
      titleId={titleId}
      title={count === 1 ? 'Record payment' : `Record payment of ${plural(count)}`}
      description={
        <>
          {count === 1 ? 'The bill' : `Each of the ${plural(count)}`} becomes paid with these details
          {methodText ? ` (${methodText})` : ''}. Total: <strong>{formatMoney(total)}</strong>
        </>
      }
      confirmLabel={count === 1 ? 'Record payment' : `Record ${count} payments (${formatMoney(total)})`}
      confirmColor="success"
    >
      <FormTextField
        control={control}
        name="payment_date"
        id={`${titleId}-date`}
        label="Payment date"
        type="date"
        required
        disabled={pending}
        htmlInput={{ max: today() }}
      />
      <Controller
        control={control}
        name="paid_from_account"
        render={({ field, fieldState }) => (
          <TextField
            select
            id={`${titleId}-account`}
            label="Paid from account"
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined || accounts.isError}
            helperText={
              fieldState.error?.message ??
              (accounts.isError
                ? `The client's accounts could not be loaded. ${apiErrorMessage(accounts.error)}`
                : accounts.isSuccess && list.length === 0
                  ? "The client has no accounts yet: add one on the client's Banks tab."
                  : undefined)
            }
            fullWidth
            margin="normal"
            disabled={pending || accounts.isPending}
          >
            {list.map((account) => (
              <MenuItem key={account.guid} value={account.guid}>
                {accountName(account)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="reference"
        id={`${titleId}-reference`}
        label={referenceLabel}
        required={needsReference}
        disabled={pending}
        helperText={needsReference ? undefined : 'Optional.'}
      />
    </FormDialog>
  );
}
