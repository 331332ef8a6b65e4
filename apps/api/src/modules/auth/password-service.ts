import type { TokenPair } from '@bp/contracts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { actionEmail, enqueueEmail } from '../notifications/index.ts';
import { findActiveUserByGuid, findUserByEmail, updateUser } from '../users/index.ts';
import { sessionClaimsFor } from './claims.ts';
import { forbidden, unauthorized } from './errors.ts';
import { findUsableToken, issueOneTimeToken, useUpTokens } from './one-time-tokens.ts';
import { endAllSessions } from './repo.ts';
import {
  admitAttempt,
  assertNotThrottled,
  MAX_FAILED_LOGINS,
  MAX_RESET_REQUESTS,
  MAX_TOKEN_CHECKS,
  recordAttempt,
  releaseAttempt,
  throttleKeys,
} from './throttle.ts';

export const RESET_REQUESTED_DETAIL =
  'If an account exists for that address, we have sent a link to reset its password.';
const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one.';

function assertPasswordAcceptable(password: string, email: string, field: string) {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (
    password.toLowerCase() === email.toLowerCase() ||
    (local.length >= 4 && password.toLowerCase().includes(local))
  ) {
    throw invalid(field, 'Password must not contain your e-mail address.');
  }
}

/** Password reset by e-mail link, invitation redemption and signed-in password change. */
export function createPasswordService({
  database,
  tokens,
  now,
  config,
}: Pick<AppDeps, 'database' | 'tokens' | 'now' | 'config'>) {
  const { db } = database;

  async function usableToken(token: string, ip: string) {
    const at = now();
    const key = throttleKeys.tokenAddress(ip);
    await assertNotThrottled(db, [key], MAX_TOKEN_CHECKS, at);
    const row = await findUsableToken(db, token, at);
    if (!row) {
      await recordAttempt(db, [key], at);
      throw invalid('token', INVALID_LINK);
    }
    return row;
  }

  return {
    /** Always the same answer, whether or not the address has an account. */
    async requestReset(email: string, actor: AuditActor): Promise<string> {
      const at = now();
      await admitAttempt(
        db,
        [
          { key: throttleKeys.resetAccount(email), max: MAX_RESET_REQUESTS },
          { key: throttleKeys.resetAddress(actor.ipAddress ?? 'unknown'), max: MAX_RESET_REQUESTS },
        ],
        at,
      );
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user?.isActive) return;
        const token = await issueOneTimeToken(tx, user.id, 'reset', at);
        const body = actionEmail({
          greeting: `Hello ${user.firstName || user.email},`,
          lines: [
            'We received a request to reset the password of your bill-pay account.',
            'The link below works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
          ],
          actionLabel: 'Reset your password',
          actionUrl: `${config.publicUrl}/reset-password?token=${token}`,
        });
        await enqueueEmail(tx, { userId: user.id, to: user.email, subject: 'Reset your password', ...body });
        await recordAudit(tx, actor, {
          action: 'password_reset_requested',
          objectType: 'user',
          objectGuid: user.guid,
          actorUserId: user.id,
        });
      });
      return RESET_REQUESTED_DETAIL;
    },

    async validateToken(token: string, ip: string) {
      const { token: row, user } = await usableToken(token, ip);
      return { type: row.type, email: user.email, first_name: user.firstName };
    },

    async confirm(
      input: {
        token: string;
        password: string;
        first_name?: string | undefined;
        last_name?: string | undefined;
      },
      actor: AuditActor,
    ): Promise<void> {
      const { token: row, user } = await usableToken(input.token, actor.ipAddress ?? 'unknown');
      assertPasswordAcceptable(input.password, user.email, 'password');
      const passwordHash = await hashPassword(input.password);
      const at = now();
      await db.transaction(async (tx) => {
        // Re-check inside the transaction: two confirms with one link, only one wins.
        const again = await findUsableToken(tx, input.token, at);
        if (!again) throw invalid('token', INVALID_LINK);
        const names =
          row.type === 'invite'
            ? { firstName: input.first_name ?? user.firstName, lastName: input.last_name ?? user.lastName }
            : {};
        await updateUser(
          tx,
          user.id,
          {
            passwordHash,
            passwordSetAt: at,
            ...names,
            ...(row.type === 'invite' ? { status: 'accepted' as const } : {}),
          },
          at,
        );
        await useUpTokens(tx, user.id, at);
        // Whoever knew the old password (or held a session) is signed out everywhere.
        await endAllSessions(tx, user.id, at);
        await recordAudit(tx, actor, {
          action: row.type === 'invite' ? 'invitation_accepted' : 'password_reset',
          objectType: 'user',
          objectGuid: user.guid,
          actorUserId: user.id,
          changes: { password: { before: '[redacted]', after: '[redacted]' } },
        });
      });
    },

    /**
     * Signed-in change (also how staff with an expired password get going again). Every other session
     * ends; the calling session `sid` continues with the new tokens it answers.
     */
    async change(
      userGuid: string,
      sid: string,
      input: { old_password: string; new_password: string },
      masked: boolean,
      actor: AuditActor,
    ): Promise<TokenPair> {
      if (masked) throw forbidden('A masked session cannot change the password.');
      const at = now();
      const user = await findActiveUserByGuid(db, userGuid);
      if (!user) throw unauthorized();
      // The current password is guessable with a stolen session: counted like sign-in failures.
      const reserved = await admitAttempt(
        db,
        [{ key: throttleKeys.loginAccount(user.email), max: MAX_FAILED_LOGINS }],
        at,
      );
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        throw invalid('old_password', 'Current password is incorrect.');
      }
      await releaseAttempt(db, reserved);
      if (input.old_password === input.new_password) {
        throw invalid('new_password', 'The new password must differ from the current one.');
      }
      assertPasswordAcceptable(input.new_password, user.email, 'new_password');
      const passwordHash = await hashPassword(input.new_password);
      return db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash, passwordSetAt: at }, at);
        const updated = await endAllSessions(tx, user.id, at);
        await recordAudit(tx, actor, {
          action: 'password_changed',
          objectType: 'user',
          objectGuid: user.guid,
          changes: { password: { before: '[redacted]', after: '[redacted]' } },
        });
        return tokens.issuePair(await sessionClaimsFor(tx, updated, at), sid);
      });
    },
  };
}
