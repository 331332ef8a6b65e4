// Field building blocks with no dependency beyond zod: their own module so that schemas needing only
// these (bill messages, on every signed-in page) do not pull the entity schemas and phone validation.
import { z } from 'zod';

const REQUIRED = 'This field is required.';
export const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** Required text: trimmed, not blank. */
export const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Enter text.') })
    .trim()
    .min(1, REQUIRED)
    .max(max, tooLong(max));

/** One of `values`; 'This field is required.' when missing. */
export const choice = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? REQUIRED : `Choose one of: ${values.join(', ')}.`),
  });

/** Optional text: trimmed; '' and null both clear it (stored as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullable()
    .transform((v) => (v === '' ? null : v));
