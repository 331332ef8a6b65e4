import { USER_SERVICE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid } from './common.ts';

export const email = z.email('Enter a valid e-mail address.').max(254).toLowerCase();

export const loginRequest = z.object({
  email: z.string().trim().min(1, 'This field is required.').max(254),
  password: z.string().min(1, 'This field is required.').max(1024),
});
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;
/** Two-factor users get a challenge instead of tokens; POST /v1/auth/login/code finishes (decision 012). */
export const loginChallenge = z.object({ ephemeral_token: z.string(), method: z.string() });
export const loginResponse = z.union([tokenPair, loginChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshRequest = z.object({ refresh: z.string().min(1, 'Invalid refresh token') });

export const staffKind = z.enum(['admin', 'member']);
export const userType = z.enum(['bporg', 'client']);
/** Access-token claims (DESIGN.md §4). */
export const accessClaims = z.object({
  sub: guid,
  exp: z.number(),
  staff: staffKind.nullable(),
  type: userType,
  password_expired: z.boolean(),
  masked_by: guid.nullable().optional(),
  /** Two-factor is required (organisation or user) and not set up: only auth and two-factor calls work. */
  mfa_setup_required: z.boolean().optional(),
});
export type AccessClaims = z.infer<typeof accessClaims>;

export const maskRequest = z.object({ guid });
export const maskUser = z.object({
  guid,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: userType,
});
export type MaskUser = z.infer<typeof maskUser>;

export const passwordResetRequest = z.object({
  email: z.string().trim().min(1, 'This field is required.').max(254),
});
export const tokenFlowType = z.enum(['reset', 'invite']);
export const validateTokenRequest = z.object({
  token: z.string().min(1, 'This field is required.').max(200),
});
export const validateTokenResponse = z.object({
  type: tokenFlowType,
  email: z.string(),
  first_name: z.string(),
});

/** Password policy: at least 10 characters, a letter and a digit, not the e-mail. */
export const PASSWORD_MIN_LENGTH = 10;
export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(256, 'Password must be at most 256 characters.')
  .regex(/[A-Za-z]/, 'Password must contain a letter.')
  .regex(/[0-9]/, 'Password must contain a digit.');
export const confirmPasswordRequest = z.object({
  token: z.string().min(1, 'This field is required.').max(200),
  password,
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
});
/** Signed-in change of password (used by /user/reset-password-expiry and profile). Answers new tokens. */
export const changePasswordRequest = z.object({
  old_password: z.string().min(1, 'This field is required.').max(1024),
  new_password: password,
});

export const userService = z.enum(USER_SERVICE_VALUES);
export const feature = z.object({ feature_name: z.string() });
export const userProfile = z.object({
  guid,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  type: userType,
  staff: staffKind.nullable(),
  service: userService.nullable(),
  advisor_dashboard_enabled: z.boolean(),
  foa_dashboard_enabled: z.boolean(),
  mfa_required: z.boolean(),
  mfa_enabled: z.boolean(),
  accepted_terms: z.boolean(),
  password_expired: z.boolean(),
  features: z.array(feature),
});
export type UserProfile = z.infer<typeof userProfile>;
export const patchUserRequest = z
  .object({
    first_name: z.string().trim().min(1, 'This field is required.').max(100),
    last_name: z.string().trim().min(1, 'This field is required.').max(100),
  })
  .partial()
  .strict();
