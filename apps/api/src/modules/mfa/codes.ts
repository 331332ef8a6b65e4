import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MFA_CODE_LENGTH } from '@bp/domain';

/*
 * Two-factor codes (decision 012): 6 digits from crypto.randomInt, stored only as an HMAC-SHA256 keyed
 * with the token secret over the issuing challenge's guid and the code, so a code is bound to its challenge
 * and a database leak gives nothing usable. Compared in constant time.
 */

/** A code (and a sign-in challenge) is valid for 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** The 5th wrong code locks the challenge: a new one (a new sign-in, a new request) is needed. */
export const MAX_WRONG_CODES = 5;
/** A challenge's code is sent again at most every 30 seconds and at most 5 times in all. */
export const RESEND_INTERVAL_MS = 30 * 1000;
export const MAX_SENDS_PER_CHALLENGE = 5;
/** Codes sent per user (activate, code/request, sign-in) within the throttle window (15 minutes). */
export const MAX_CODES_PER_USER = 10;

export function newCode(): string {
  return String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
}

export function hashCode(secret: string, challengeGuid: string, code: string): string {
  return createHmac('sha256', secret).update(`mfa-code:${challengeGuid}:${code}`).digest('hex');
}

export function codeMatches(secret: string, challengeGuid: string, code: string, stored: string): boolean {
  const actual = Buffer.from(hashCode(secret, challengeGuid, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The sign-in challenge's handle given to the browser; only its SHA-256 is stored. */
export const newEphemeralToken = () => randomBytes(32).toString('base64url');
export const hashEphemeralToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 'c•••@demo.test', '•••-•••-0142': enough for the owner to recognise, not to read. */
export function maskValue(method: string, value: string): string {
  if (method === 'email') {
    const [local = '', domain = ''] = value.split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  const digits = value.replace(/\D/g, '');
  return `•••-•••-${digits.slice(-4)}`;
}
