import { MFA_CODE_LENGTH, MFA_METHOD_VALUES } from '@bp/domain';
import { z } from 'zod';

/** Two-factor calls (SPEC.md §7 "Auth", decision 012). */
export const mfaMethod = z.enum(MFA_METHOD_VALUES);
export type MfaMethodValue = z.infer<typeof mfaMethod>;

/** Exactly 6 digits (SPEC.md §5, §9). */
export const mfaCode = z
  .string('Enter the 6-digit code.')
  .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), 'Enter the 6-digit code.');

/** `value`: the e-mail address (defaults to the account's) or the US phone number the codes go to. */
export const mfaActivateRequest = z.object({ value: z.string().trim().max(254).optional() });
export const mfaActivateResponse = z.object({ detail: z.string(), method: mfaMethod });

/** The refresh token of the session is used up: the answer carries new tokens (claims may change). */
export const mfaActivateConfirmRequest = z.object({
  code: mfaCode,
  refresh: z.string().min(1, 'Invalid refresh token').max(4096),
});

/** What a code from POST code/request may authorise; stored with the code. */
export const mfaCodeAction = z.enum(['deactivate', 'change_primary']);
export type MfaCodeAction = z.infer<typeof mfaCodeAction>;
export const mfaCodeRequest = z.object({
  method: mfaMethod,
  action: mfaCodeAction.default('change_primary'),
});

/** Deactivate and change-primary-method: the method and the code just sent to it. */
export const mfaMethodCodeRequest = z.object({ method: mfaMethod, code: mfaCode });

export const ephemeralTokenRequest = z.object({
  ephemeral_token: z.string().min(1, 'This field is required.').max(200),
});
export const loginCodeRequest = ephemeralTokenRequest.extend({ code: mfaCode });

/** A confirmed method as its owner sees it: the address or number is masked. */
export const mfaMethodView = z.object({
  method: mfaMethod,
  value_masked: z.string(),
  is_primary: z.boolean(),
});
export type MfaMethodView = z.infer<typeof mfaMethodView>;
export const mfaMethodList = z.array(mfaMethodView);
