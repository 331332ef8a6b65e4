import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';

export interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A yes/no field of the form. */
  name: FieldPathByValue<T, boolean>;
  label: string;
  disabled?: boolean;
  /** Called after the switch changed (e.g. to clear a field it makes irrelevant). */
  onChanged?: (checked: boolean) => void;
}

/** A labelled switch bound to react-hook-form (power of attorney, variable amount, autopay). */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  onChanged,
}: SwitchFieldProps<T>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onChanged?.(event.target.checked);
          }}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
          disabled={disabled}
        />
      }
      label={label}
    />
  );
}
