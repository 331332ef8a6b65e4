import TextField from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export interface FormInputProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** 'date' and 'month' keep the label above the browser's date and month pickers. */
  type?: string;
  disabled?: boolean;
  required?: boolean;
  helperText?: string;
  /** Two rows at least, growing with the text. */
  multiline?: boolean;
  /** The keyboard a phone shows: digits, or digits and a decimal point. */
  inputMode?: 'numeric' | 'decimal';
  /** The form the field belongs to: its id is `{idPrefix}-{name}`. */
  idPrefix: string;
}

/** A labelled text input bound to react-hook-form (bill and commitment forms); the field's error replaces its helper text. */
export function FormInput<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  disabled,
  required,
  helperText,
  multiline,
  inputMode,
  idPrefix,
}: FormInputProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      id={`${idPrefix}-${name}`}
      name={field.name}
      label={label}
      type={type}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{
        ...(type === 'date' || type === 'month' ? { inputLabel: { shrink: true } } : {}),
        ...(inputMode ? { htmlInput: { inputMode } } : {}),
      }}
    />
  );
}
