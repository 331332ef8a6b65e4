import TextField from '@mui/material/TextField';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';

export const DOLLARS_HELPER = 'In dollars, e.g. 1,234.56';

export interface MoneyFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A text field holding dollars as typed; payloads convert them to cents. */
  name: FieldPathByValue<T, string>;
  id: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field until it has an error. */
  helperText?: string;
  /** Shown instead of the typed value (e.g. blank while the amount is variable). */
  shownValue?: string;
  /** Tidies the typed amount on leaving the field (e.g. '1234.5' → '1,234.50'). */
  formatOnBlur?: (text: string) => string;
  /** Replaces the plain change of the value (e.g. the bill's amount also fills its only line). */
  onValueChange?: (text: string) => void;
}

/** An amount typed in dollars (decimal keyboard on phones), shared by the bill and commitment forms. */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  required,
  disabled,
  helperText = DOLLARS_HELPER,
  shownValue,
  formatOnBlur,
  onValueChange,
}: MoneyFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const change = onValueChange ?? field.onChange;
  return (
    <TextField
      id={id}
      name={field.name}
      label={label}
      required={required}
      value={shownValue ?? field.value}
      onChange={(event) => change(event.target.value)}
      onBlur={() => {
        if (formatOnBlur) {
          const formatted = formatOnBlur(field.value);
          if (formatted !== field.value) change(formatted);
        }
        field.onBlur();
      }}
      inputRef={field.ref}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
