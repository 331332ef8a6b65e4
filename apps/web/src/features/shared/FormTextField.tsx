import { TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

export interface FormTextFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  endAdornment?: ReactNode;
  htmlInput?: Record<string, unknown>;
}

/** A labelled MUI text field bound to react-hook-form; the field's error replaces its helper text. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  helperText,
  disabled,
  endAdornment,
  htmlInput,
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const slotProps: TextFieldProps['slotProps'] = {
    ...(endAdornment ? { input: { endAdornment } } : {}),
    ...(htmlInput ? { htmlInput } : {}),
  };
  return (
    <TextField
      id={`field-${name}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type={type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={slotProps}
      fullWidth
      margin="normal"
    />
  );
}
