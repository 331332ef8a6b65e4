/**
 * Two-factor codes (SPEC §5, §9): exactly 6 numeric digits.
 */

import { MFA_CODE_LENGTH } from './constants.ts';

const MFA_CODE = new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`);

/** Exactly 6 ASCII digits, nothing else (no spaces, no signs). */
export function isValidMfaCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && MFA_CODE.test(code);
}

/** What a code field keeps of typed or pasted text: its digits, at most 6 (' 123 456' → '123456'). */
export function sanitizeMfaCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH);
}
