import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Control, useController } from 'react-hook-form';
import { type FieldSpec, type FormValues, isToggle, type Payload } from './record-form.ts';

const NONE = '';

/** One labelled input of a record form, bound to react-hook-form; its error replaces the helper text. */
export function RecordField({
  field: spec,
  control,
  autoFocus,
  idPrefix,
}: {
  field: FieldSpec;
  control: Control<FormValues, unknown, Payload>;
  autoFocus?: boolean;
  idPrefix: string;
}) {
  const { field, fieldState } = useController({ control, name: spec.name });
  const id = `${idPrefix}-${spec.name}`;

  if (isToggle(spec.kind)) {
    const Toggle = spec.kind === 'switch' ? Switch : Checkbox;
    return (
      <FormControlLabel
        sx={{ mt: 1 }}
        label={spec.label}
        control={
          <Toggle
            id={id}
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
    );
  }

  const common = {
    id,
    name: field.name,
    label: spec.label,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    autoFocus,
    required: spec.required,
    error: fieldState.error !== undefined,
    helperText: fieldState.error?.message ?? spec.helperText,
    fullWidth: true,
    margin: 'dense' as const,
  };

  if (spec.kind === 'select') {
    return (
      <TextField {...common} select>
        {spec.required ? null : (
          <MenuItem value={NONE}>
            <em>None</em>
          </MenuItem>
        )}
        {(spec.options ?? []).map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const type =
    spec.kind === 'email' ? 'email' : spec.kind === 'phone' ? 'tel' : spec.kind === 'date' ? 'date' : 'text';
  return (
    <TextField
      {...common}
      type={type}
      autoComplete={spec.autoComplete}
      multiline={spec.kind === 'multiline'}
      minRows={spec.kind === 'multiline' ? 3 : undefined}
      slotProps={{
        ...(spec.kind === 'date' ? { inputLabel: { shrink: true } } : {}),
        ...(spec.kind === 'money'
          ? { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }
          : {}),
        htmlInput: {
          ...(spec.kind === 'money' || spec.kind === 'integer' ? { inputMode: 'decimal' } : {}),
        },
      }}
    />
  );
}
