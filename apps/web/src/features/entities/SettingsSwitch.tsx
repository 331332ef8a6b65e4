import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** A labelled on/off setting bound to react-hook-form. */
export function SettingsSwitch<T extends FieldValues, TOut>({
  control,
  name,
  label,
  helperText,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
}) {
  const { field } = useController({ control, name });
  return (
    <>
      <FormControlLabel
        sx={{ mt: 1 }}
        label={label}
        disabled={disabled}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {helperText ? <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{helperText}</FormHelperText> : null}
    </>
  );
}
