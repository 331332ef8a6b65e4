import type { ApiClient } from '@bp/api-client';
import { ApiError } from '@bp/api-client';
import { mfaRoutes, type TokenPair } from '@bp/contracts';

/** The two-factor calls of SPEC.md §7 (decision 012). */
export type SetupMethod = 'sms_twilio' | 'email';
export const MFA_METHODS_KEY = ['mfa-methods'] as const;
export const ALREADY_ACTIVE = 'MFA method already active.';
export const METHOD_UPDATED = 'MFA method updated.';
export const MFA_REQUIRED_WARNING =
  'Your organization requires 2-factor authentication. Please set it up to continue.';
export const TWO_FACTOR_MODAL = 'two-factor';

export const SUCCESS_TOASTS: Record<SetupMethod, string> = {
  sms_twilio: 'Successfully verified the phone number and added 2FA',
  email: 'Successfully verified email and added 2FA',
};

export const METHOD_NAMES: Record<string, string> = { sms_twilio: 'Text', email: 'Email' };

/** True when the API refused an activation because the method is on already (SPEC.md §8). */
export function isAlreadyActive(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as { detail?: unknown }).detail === ALREADY_ACTIVE
  );
}

/** The code field's own message when the API named it (400 {code: [...]}). */
export function codeFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const messages = (error.body as { code?: unknown }).code;
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
}

export const listMethods = (api: ApiClient) => api.call(mfaRoutes.getAuthMfaMethods);

export interface TokenAccess {
  /** The session's refresh token, used up by activate/confirm. */
  refresh(): string | null;
  /** Keeps the new pair activate/confirm answers. */
  store(tokens: TokenPair): void;
}
