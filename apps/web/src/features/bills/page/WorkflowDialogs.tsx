import { REJECT_REASON_LABELS, REJECT_REASON_VALUES } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../shared/FormDialog.tsx';

const REQUIRED = 'This field is required.';

export const rejectForm = z
  .object({
    reject_reason: z.string().min(1, 'Choose a reason.'),
    reject_other_description: z.string().max(500, 'Use 500 characters or fewer.'),
  })
  .superRefine((value, ctx) => {
    if (value.reject_reason === 'other' && value.reject_other_description.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['reject_other_description'],
        message: 'Describe why the bill is rejected.',
      });
    }
  });
type RejectForm = z.infer<typeof rejectForm>;

interface DialogBaseProps {
  open: boolean;
  pending: boolean;
  problem: string | null;
  onClose: () => void;
}

/** Reject: a reason from the list, and a description when the reason is Other. */
export function RejectDialog({
  open,
  pending,
  problem,
  onClose,
  onSubmit,
}: DialogBaseProps & { onSubmit: (values: RejectForm) => void }) {
  const titleId = useId();
  const { control, handleSubmit, reset, watch } = useForm<RejectForm>({
    resolver: zodResolver(rejectForm),
    defaultValues: { reject_reason: '', reject_other_description: '' },
  });
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const isOther = watch('reject_reason') === 'other';
  return (
    <FormDialog
      open={open}
      pending={pending}
      problem={problem}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      titleId={titleId}
      title="Reject bill"
      description="A rejected bill is not paid."
      confirmLabel="Reject"
      confirmColor="error"
    >
      <Controller
        control={control}
        name="reject_reason"
        render={({ field, fieldState }) => (
          <TextField
            select
            id={`${titleId}-reason`}
            label="Reason"
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            fullWidth
            margin="normal"
            disabled={pending}
          >
            {REJECT_REASON_VALUES.map((value) => (
              <MenuItem key={value} value={value}>
                {REJECT_REASON_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="reject_other_description"
        render={({ field, fieldState }) => (
          <TextField
            id={`${titleId}-description`}
            label="Description"
            required={isOther}
            multiline
            minRows={2}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ?? (isOther ? 'Required when the reason is Other.' : 'Optional.')
            }
            fullWidth
            margin="normal"
            disabled={pending}
          />
        )}
      />
    </FormDialog>
  );
}

const reasonForm = z.object({
  reason: z.string().trim().min(1, REQUIRED).max(1000, 'Use 1000 characters or fewer.'),
});
type ReasonForm = z.infer<typeof reasonForm>;

/** An action that needs a reason in words (request changes / revise, reverse payment). */
export function ReasonDialog({
  open,
  pending,
  problem,
  onClose,
  onSubmit,
  title,
  description,
  label,
  confirmLabel,
}: DialogBaseProps & {
  onSubmit: (values: ReasonForm) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
}) {
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<ReasonForm>({
    resolver: zodResolver(reasonForm),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  return (
    <FormDialog
      open={open}
      pending={pending}
      problem={problem}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      titleId={titleId}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
    >
      <Controller
        control={control}
        name="reason"
        render={({ field, fieldState }) => (
          <TextField
            id={`${titleId}-reason`}
            label={label}
            required
            multiline
            minRows={3}
            autoFocus
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            fullWidth
            margin="normal"
            disabled={pending}
          />
        )}
      />
    </FormDialog>
  );
}
