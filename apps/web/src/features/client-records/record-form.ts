import {
  centsToDollarsPlain,
  changedFields,
  formatPhone,
  isValidPhone,
  parseDollarsToCents,
} from '@bp/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** How a field is edited and how its text becomes the API's value. */
export type FieldKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'multiline'
  | 'select'
  | 'checkbox'
  | 'switch'
  | 'money'
  | 'integer'
  | 'date';

export interface FieldOption {
  value: string;
  label: string;
}

/** One field of a record form; `name` is the API's field name (so 400 messages land under it). */
export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** Required text keeps '' (the schema then says 'This field is required.'); a required select has no 'None'. */
  required?: boolean;
  options?: readonly FieldOption[];
  helperText?: string;
  /** Half a row on wide screens. */
  half?: boolean;
  autoComplete?: string;
}

/** Checkboxes and switches hold a boolean; every other kind holds text. */
export const isToggle = (kind: FieldKind) => kind === 'checkbox' || kind === 'switch';

/** What the form holds: text for every field, booleans for checkboxes and switches. */
export type FormValues = Record<string, string | boolean>;
/** What is sent: the API's field names and values. */
export type Payload = Record<string, unknown>;

/**
 * A dialog's payload as the request of the schema it was validated with (RecordFormDialog runs `schema`
 * on submit), for a typed `api.call` body: name the same schema the dialog was given.
 */
export function payloadAs<S extends z.ZodType>(_schema: S, payload: Payload): z.input<S> {
  return payload as z.input<S>;
}

export const MONEY_PROBLEM = 'Enter an amount in dollars, e.g. 1,250.00.';
export const INTEGER_PROBLEM = 'Enter a whole number.';

/** The form's starting values: from the record being edited, else the defaults. */
export function formValuesOf(
  fields: readonly FieldSpec[],
  item: Record<string, unknown> | null,
  defaults: Partial<FormValues> = {},
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const raw = item ? item[field.name] : undefined;
    const fallback = defaults[field.name];
    if (isToggle(field.kind)) {
      values[field.name] = typeof raw === 'boolean' ? raw : fallback === true;
    } else if (raw === undefined || raw === null) {
      values[field.name] = typeof fallback === 'string' ? fallback : '';
    } else if (field.kind === 'money') {
      values[field.name] = typeof raw === 'number' ? centsToDollarsPlain(raw) : String(raw);
    } else if (field.kind === 'phone') {
      values[field.name] = isValidPhone(String(raw)) ? formatPhone(String(raw)) : String(raw);
    } else {
      values[field.name] = String(raw);
    }
  }
  return values;
}

/** The payload of the form's values, with the problems found before the API's own schema runs. */
export function payloadOf(
  fields: readonly FieldSpec[],
  values: FormValues,
): { payload: Payload; problems: Record<string, string> } {
  const payload: Payload = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (isToggle(field.kind)) {
      payload[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (field.kind === 'money') {
      if (text === '') payload[field.name] = 0;
      else {
        const cents = parseDollarsToCents(text);
        if (cents === null) problems[field.name] = MONEY_PROBLEM;
        else payload[field.name] = cents;
      }
    } else if (field.kind === 'integer') {
      if (text === '') payload[field.name] = field.required ? undefined : null;
      else if (/^-?\d+$/.test(text)) payload[field.name] = Number(text);
      else problems[field.name] = INTEGER_PROBLEM;
    } else {
      payload[field.name] = text === '' && !field.required ? null : text;
    }
  }
  return { payload, problems };
}

/** Errors keyed by field, from a failed parse of the API's request schema. */
function schemaErrors(fields: readonly FieldSpec[], error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    const name =
      typeof key === 'string' && fields.some((f) => f.name === key) ? key : (fields[0]?.name ?? '');
    found[name] ??= issue.message;
  }
  return found;
}

function toFieldErrors(problems: Record<string, string>): FieldErrors<FormValues> {
  const errors: FieldErrors<FormValues> = {};
  for (const [name, message] of Object.entries(problems)) errors[name] = { type: 'validation', message };
  return errors;
}

/**
 * A resolver that checks the form with the API's own request schema and hands the submit handler the
 * payload to send: every field when creating; only the changed fields when editing (`initial` given).
 */
export function recordResolver(
  fields: readonly FieldSpec[],
  schema: z.ZodType,
  initial: FormValues | null,
): Resolver<FormValues, unknown, Payload> {
  return async (values) => {
    const { payload, problems } = payloadOf(fields, values);
    if (Object.keys(problems).length > 0) return { values: {}, errors: toFieldErrors(problems) };
    const toSend = initial ? changedFields(payloadOf(fields, initial).payload, payload) : payload;
    const parsed = schema.safeParse(toSend);
    if (!parsed.success) return { values: {}, errors: toFieldErrors(schemaErrors(fields, parsed.error)) };
    return { values: toSend, errors: {} };
  };
}
