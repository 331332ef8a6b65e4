import { changePasswordRequest, password, patchUserRequest } from '@bp/contracts';
import { z } from 'zod';

const required = 'This field is required.';
export const PASSWORD_MISMATCH = 'Passwords do not match.';
export const PASSWORD_HINT = 'At least 10 characters, with a letter and a digit.';

/** Reset link: the contract's password policy plus a confirmation the user types twice. */
export const resetPasswordForm = z
  .object({ password, confirm_password: z.string().min(1, required) })
  .refine((v) => v.password === v.confirm_password, {
    message: PASSWORD_MISMATCH,
    path: ['confirm_password'],
  });

/** Invitation link: as the reset form, and the new user's names (same rules as a profile edit). */
export const createAccountForm = z
  .object({
    ...patchUserRequest.required().shape,
    password,
    confirm_password: z.string().min(1, required),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: PASSWORD_MISMATCH,
    path: ['confirm_password'],
  });

export const changeExpiredPasswordForm = changePasswordRequest
  .extend({ confirm_password: z.string().min(1, required) })
  .refine((v) => v.new_password === v.confirm_password, {
    message: PASSWORD_MISMATCH,
    path: ['confirm_password'],
  })
  .refine((v) => v.new_password !== v.old_password, {
    message: 'Choose a password different from the current one.',
    path: ['new_password'],
  });

export const loginCodeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});
