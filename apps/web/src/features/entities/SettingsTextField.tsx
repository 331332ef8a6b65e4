import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/**
 * A labelled text setting bound to react-hook-form. `disabled` only greys it out: the typed value stays in
 * the form (react-hook-form's own `disabled` would drop it).
 */
export function SettingsTextField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  helperText,
  disabled,
  unit,
  type = 'text',
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
  /** '$' before the value, '%' after it. */
  unit?: '$' | '%';
  type?: 'text' | 'date';
}) {
  const { field, fieldState } = useController({ control, name });
  const adornment =
    unit === '$'
      ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
      : unit === '%'
        ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
        : {};
  return (
    <TextField
      id={`entity-${name}`}
      name={field.name}
      label={label}
      type={type}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      margin="dense"
      slotProps={{
        input: adornment,
        htmlInput: unit ? { inputMode: 'decimal' } : {},
        ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );
}
