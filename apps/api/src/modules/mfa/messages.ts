import { MFA_METHOD_LABELS, type MfaMethod } from '@bp/domain';
import type { DbOrTx } from '../../platform/db.ts';
import { enqueueEmail, enqueueSms, renderEmail } from '../notifications/index.ts';
import { CODE_TTL_MS } from './codes.ts';

export type CodePurpose = 'login' | 'activate' | 'deactivate' | 'change_primary';

const PURPOSE_TEXT: Record<CodePurpose, { subject: string; line: string }> = {
  login: {
    subject: 'Your sign-in code',
    line: 'Use this code to finish signing in to your bill-pay account.',
  },
  activate: {
    subject: 'Confirm two-factor authentication',
    line: 'Use this code to turn on two-factor authentication for your bill-pay account.',
  },
  deactivate: {
    subject: 'Your code to remove a two-factor method',
    line: 'Use this code to remove a two-factor method from your bill-pay account.',
  },
  change_primary: {
    subject: 'Your code to change your two-factor method',
    line: 'Use this code to make this your primary two-factor method.',
  },
};

const minutes = CODE_TTL_MS / 60_000;

/**
 * Queues a code in the caller's transaction (always sent: codes have no notification type). The code
 * travels only in the message; the outbox row is what the job runner delivers (decision 011).
 */
export async function sendCode(
  tx: DbOrTx,
  input: {
    userId: number;
    firstName: string;
    method: MfaMethod;
    to: string;
    code: string;
    purpose: CodePurpose;
  },
): Promise<void> {
  const text = PURPOSE_TEXT[input.purpose];
  if (input.method === 'sms_twilio') {
    await enqueueSms(tx, {
      userId: input.userId,
      to: input.to,
      body: `${input.code} is your bill-pay verification code. It expires in ${minutes} minutes. Never share it.`,
    });
    return;
  }
  const body = renderEmail({
    greeting: `Hello ${input.firstName || input.to},`,
    lines: [
      text.line,
      `Your verification code: ${input.code}`,
      `It expires in ${minutes} minutes and works once. Nobody from the bill-pay team will ever ask you for it.`,
      'If you did not ask for this code, change your password: someone may know it.',
    ],
  });
  await enqueueEmail(tx, { userId: input.userId, to: input.to, subject: text.subject, ...body });
}

export const methodLabel = (method: MfaMethod) => MFA_METHOD_LABELS[method];
