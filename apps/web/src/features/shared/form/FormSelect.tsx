import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { Choice } from './choices.ts';

export interface FormSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  choices: readonly Choice[];
  /** A first, empty choice (e.g. 'None' for an optional field). */
  emptyLabel?: string;
  disabled?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  /** Called with the new value after the field changed (e.g. to clear dependent fields). */
  onChanged?: (value: string) => void;
  size?: 'small' | 'medium';
  /** The form the field belongs to: its id is `{idPrefix}-{name}` (dots as dashes). */
  idPrefix?: string;
}

/** A labelled select bound to react-hook-form (bill and commitment forms); the field's error replaces its helper text. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  choices,
  emptyLabel,
  disabled,
  helperText,
  required,
  onChanged,
  size,
  idPrefix = 'bill',
}: FormSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const id = `${idPrefix}-${name.replaceAll('.', '-')}`;
  return (
    <TextField
      id={id}
      select
      label={label}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        onChanged?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      size={size}
    >
      {emptyLabel !== undefined ? (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      ) : null}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
