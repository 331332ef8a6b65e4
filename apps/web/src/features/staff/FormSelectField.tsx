import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
}

interface FormSelectFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  options: readonly SelectOption[];
  /** Adds a first option with the value '' (e.g. 'None'). */
  emptyLabel?: string;
  helperText?: ReactNode;
  disabled?: boolean;
}

/** A labelled select bound to react-hook-form; the field's error replaces its helper text. */
export function FormSelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  emptyLabel,
  helperText,
  disabled,
}: FormSelectFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      select
      id={`field-${name}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      margin="normal"
      // The empty option's text shows instead of a blank field under a sunken label.
      slotProps={
        emptyLabel === undefined
          ? undefined
          : { select: { displayEmpty: true }, inputLabel: { shrink: true } }
      }
    >
      {emptyLabel !== undefined ? (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
