import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';

type PasswordFieldProps<T extends FieldValues, TOut> = Omit<
  FormTextFieldProps<T, TOut>,
  'type' | 'endAdornment'
> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password field with a show/hide toggle: people mistype long passwords they cannot see. */
export function PasswordField<T extends FieldValues, TOut = T>(props: PasswordFieldProps<T, TOut>) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        // Not named after the field: 'Show current password' would also match a search for the field's label.
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((v) => !v)}
        edge="end"
        size="small"
      >
        {visible ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
  return <FormTextField {...props} type={visible ? 'text' : 'password'} endAdornment={toggle} />;
}
