import type { Control, Path } from 'react-hook-form';
import { PasswordField } from '../shared/PasswordField.tsx';
import { PASSWORD_HINT } from './auth-schemas.ts';

interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

/** Choosing a password: the new one (with the rules as its hint) and its confirmation. */
export function NewPasswordFields<T extends NewPasswordValues, TOut = T>({
  control,
  label,
  autoFocus,
}: {
  control: Control<T, unknown, TOut>;
  /** The first field's label: 'Password' or 'New password'. */
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as Path<T>}
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
        helperText={PASSWORD_HINT}
      />
      <PasswordField
        control={control}
        name={'confirm_password' as Path<T>}
        label="Confirm password"
        autoComplete="new-password"
      />
    </>
  );
}
