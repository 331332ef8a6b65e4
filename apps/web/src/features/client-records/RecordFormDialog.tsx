import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { RecordField } from './RecordField.tsx';
import {
  type FieldSpec,
  type FormValues,
  formValuesOf,
  type Payload,
  recordResolver,
} from './record-form.ts';

export interface RecordFormDialogProps {
  open: boolean;
  title: string;
  fields: readonly FieldSpec[];
  /** The API's request schema: the create schema, or the patch schema when `item` is given. */
  schema: z.ZodType;
  /** The record being edited (only changed fields are sent), or null to create one. */
  item: Record<string, unknown> | null;
  defaults?: Partial<FormValues>;
  submitLabel: string;
  successMessage: string;
  onSubmit: (payload: Payload) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog with a record's form: Enter submits, Escape closes, API messages land under their fields. */
export function RecordFormDialog(props: RecordFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {props.open ? <RecordFormBody {...props} titleId={titleId} /> : null}
    </Dialog>
  );
}

function RecordFormBody({
  title,
  fields,
  schema,
  item,
  defaults,
  submitLabel,
  successMessage,
  onSubmit,
  onClose,
  titleId,
}: RecordFormDialogProps & { titleId: string }) {
  const toast = useToast();
  const idPrefix = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = useMemo(() => formValuesOf(fields, item, defaults), [fields, item, defaults]);
  const form = useForm<FormValues, unknown, Payload>({
    defaultValues: initial,
    resolver: recordResolver(fields, schema, item ? initial : null),
  });
  const save = useMutation({
    mutationFn: onSubmit,
    onMutate: () => setFormError(null),
    onSuccess: () => {
      toast.success(successMessage);
      onClose();
    },
    onError: (error) =>
      setFormError(
        applyApiErrors(
          error,
          form.setError,
          fields.map((f) => f.name as Path<FormValues>),
        ),
      ),
  });
  const editing = item !== null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit((payload) => {
        if (editing && Object.keys(payload).length === 0) {
          toast.info('Nothing changed.');
          onClose();
          return;
        }
        save.mutate(payload);
      })}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {formError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        ) : null}
        <Grid container columnSpacing={2}>
          {fields.map((field, index) => (
            <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
              <RecordField field={field} control={form.control} autoFocus={index === 0} idPrefix={idPrefix} />
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          disabled={editing && !form.formState.isDirty}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
