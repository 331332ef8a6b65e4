import type { InvoiceSource, PaymentMethod } from '@bp/domain';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { INVOICE_SOURCE_CHOICES, PAYMENT_METHOD_CHOICES } from './choices.ts';
import { FormInput } from './FormInput.tsx';
import { FormSelect } from './FormSelect.tsx';

/** The invoice's fields, named alike in every form that enters a bill. */
export interface InvoiceValues {
  due_date: string;
  invoice_number: string;
  invoice_date: string;
  payment_method: PaymentMethod | '';
  invoice_source: InvoiceSource | '';
}

export interface InvoiceFieldsProps<T extends InvoiceValues & FieldValues> {
  control: Control<T>;
  /** The form's id prefix: fields are `{idPrefix}-{name}`. */
  idPrefix: string;
  disabled?: boolean;
  /** The due date may not be left blank (a bill from a commitment's payment). */
  dueDateRequired?: boolean;
  /** The amount field, first in the row: forms differ in what typing an amount does. */
  amount: ReactNode;
}

/**
 * Amount, due date, invoice number and date, payment method and invoice source as grid items: the bill
 * form and the commitment bill page both show these.
 */
export function InvoiceFields<T extends InvoiceValues & FieldValues>({
  control: typedControl,
  idPrefix,
  disabled,
  dueDateRequired,
  amount,
}: InvoiceFieldsProps<T>) {
  // react-hook-form cannot prove a literal name is a Path of a generic T; InvoiceValues guarantees it.
  const control = typedControl as unknown as Control<InvoiceValues>;
  const quarter = { xs: 12, sm: 6, md: 3 } as const;
  return (
    <>
      <Grid size={quarter}>{amount}</Grid>
      <Grid size={quarter}>
        <FormInput
          idPrefix={idPrefix}
          control={control}
          name="due_date"
          label="Due date"
          type="date"
          required={dueDateRequired}
          disabled={disabled}
        />
      </Grid>
      <Grid size={quarter}>
        <FormInput
          idPrefix={idPrefix}
          control={control}
          name="invoice_number"
          label="Invoice number"
          disabled={disabled}
        />
      </Grid>
      <Grid size={quarter}>
        <FormInput
          idPrefix={idPrefix}
          control={control}
          name="invoice_date"
          label="Invoice date"
          type="date"
          disabled={disabled}
        />
      </Grid>
      <Grid size={quarter}>
        <FormSelect
          idPrefix={idPrefix}
          control={control}
          name="payment_method"
          label="Payment method"
          choices={PAYMENT_METHOD_CHOICES}
          disabled={disabled}
          required
        />
      </Grid>
      <Grid size={quarter}>
        <FormSelect
          idPrefix={idPrefix}
          control={control}
          name="invoice_source"
          label="Invoice source"
          choices={INVOICE_SOURCE_CHOICES}
          disabled={disabled}
          required
        />
      </Grid>
    </>
  );
}
