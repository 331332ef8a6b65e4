import type { FieldErrors, Resolver } from 'react-hook-form';

/** The sign-in form's values: `loginRequest` of @bp/contracts, which the API validates again. */
export interface LoginValues {
  email: string;
  password: string;
}

const REQUIRED = 'This field is required.';

/**
 * The sign-in form's checks without a schema library (decision 039): both fields required, the address
 * trimmed, as `loginRequest` says; the API answers any other problem (`400 {field: [messages]}`). Keeps
 * zod off the sign-in page, which is the first page most people load.
 */
export const loginResolver: Resolver<LoginValues> = async (values) => {
  const email = values.email.trim();
  const errors: FieldErrors<LoginValues> = {};
  if (!email) errors.email = { type: 'required', message: REQUIRED };
  if (!values.password) errors.password = { type: 'required', message: REQUIRED };
  if (errors.email || errors.password) return { values: {} as Record<string, never>, errors };
  return { values: { email, password: values.password }, errors: {} };
};
