/**
 * US phone numbers (SPEC §5): valid when exactly 10 digits remain after dropping a leading +1.
 */

/** Shown in place of a phone number that is not valid. */
export const INVALID_PHONE_LABEL = 'Invalid';

/**
 * The digits of a phone number without the US country code:
 * '+1 (555) 123-4567' → '5551234567', '1-555-123-4567' → '5551234567', '555.123.4567' → '5551234567'.
 * A leading '+1' is always dropped; a leading '1' without '+' only when it makes 11 digits.
 * Other characters are ignored, so the result may be any length ('' for null/undefined).
 */
export function normalizePhone(input: string | null | undefined): string {
  if (!input) return '';
  const trimmed = input.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (digits.startsWith('1')) digits = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    digits = digits.slice(1);
  }
  return digits;
}

/** Exactly 10 digits after {@link normalizePhone}. */
export function isValidPhone(input: string | null | undefined): boolean {
  return normalizePhone(input).length === 10;
}

/** '(555) 123-4567' for a valid number, otherwise 'Invalid' (also for blank input). */
export function formatPhone(input: string | null | undefined): string {
  const digits = normalizePhone(input);
  if (digits.length !== 10) return INVALID_PHONE_LABEL;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** E.164 form for sending a text message: '+15551234567', or `null` when not valid. */
export function toE164(input: string | null | undefined): string | null {
  const digits = normalizePhone(input);
  return digits.length === 10 ? `+1${digits}` : null;
}
