import {
  AsYouType,
  type MetadataJson,
  parseIncompletePhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core';
import usMetadataJson from './phone-metadata.us.json' with { type: 'json' };

/**
 * Phone numbers (SPEC §5), parsed and formatted by libphonenumber-js with the US as the default
 * country. The SPEC's validity rule is deliberately simpler than libphonenumber's: a number is valid
 * when exactly 10 digits remain after dropping a leading +1 (so demo numbers like 555-… stay valid,
 * which libphonenumber's area-code check would refuse).
 */

/** Shown in place of a phone number that is not valid. */
export const INVALID_PHONE_LABEL = 'Invalid';

const DEFAULT_COUNTRY = 'US';
/**
 * libphonenumber-js's metadata for the US only (scripts/us-phone-metadata.mjs): a number with another
 * country code does not parse and keeps all its digits, which is what the SPEC's rule needs anyway.
 */
const metadata = usMetadataJson as unknown as MetadataJson;

/**
 * The digits of a phone number without the US country code:
 * '+1 (555) 123-4567' → '5551234567', '1-555-123-4567' → '5551234567', '555.123.4567' → '5551234567'.
 * A leading '+1' is always dropped; a leading '1' without '+' only when it makes 11 digits (the US
 * national prefix). Another country keeps its code ('+44 20…' → '4420…'), so it is never 10 digits.
 * The result may be any length ('' for null/undefined).
 */
export function normalizePhone(input: string | null | undefined): string {
  if (!input) return '';
  const parsed = parsePhoneNumberFromString(input, DEFAULT_COUNTRY, metadata);
  if (!parsed) return parseIncompletePhoneNumber(input).replace('+', '');
  return parsed.countryCallingCode === '1'
    ? parsed.nationalNumber
    : `${parsed.countryCallingCode}${parsed.nationalNumber}`;
}

/** Exactly 10 digits after {@link normalizePhone}. */
export function isValidPhone(input: string | null | undefined): boolean {
  return normalizePhone(input).length === 10;
}

/** E.164 form for sending a text message: '+15551234567', or `null` when not valid. */
export function toE164(input: string | null | undefined): string | null {
  const digits = normalizePhone(input);
  return digits.length === 10 ? `+1${digits}` : null;
}

/** '(555) 123-4567' for a valid number, otherwise 'Invalid' (also for blank input). */
export function formatPhone(input: string | null | undefined): string {
  const e164 = toE164(input);
  const parsed = e164 ? parsePhoneNumberFromString(e164, metadata) : undefined;
  return parsed ? parsed.formatNational() : INVALID_PHONE_LABEL;
}

/** Formats a US number while it is being typed: '5551' → '(555) 1'. */
export function formatPhoneAsTyped(input: string): string {
  return new AsYouType(DEFAULT_COUNTRY, metadata).input(input);
}
