import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { OutlinedTextField } from '../../ui/outlined-text-field.tsx';

export interface FormTextFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  /** Defaults to `field-<name>`. */
  id?: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  endAdornment?: ReactNode;
  htmlInput?: Record<string, unknown>;
}

/** A labelled MUI outlined text field bound to react-hook-form; the field's error replaces its helper text. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  id,
  required,
  type = 'text',
  autoComplete,
  autoFocus,
  helperText,
  disabled,
  endAdornment,
  htmlInput,
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <OutlinedTextField
      id={id ?? `field-${name}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      type={type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      endAdornment={endAdornment}
      htmlInput={htmlInput}
      // A date input always shows its mm/dd/yyyy mask: the label must sit above it.
      shrinkLabel={type === 'date' ? true : undefined}
    />
  );
}
