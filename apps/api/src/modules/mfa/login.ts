import type { TokenPair } from '@bp/contracts';
import type { MfaMethod } from '@bp/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { assertNotThrottled, MAX_TOKEN_CHECKS, recordAttempt, sessionClaimsFor } from '../auth/index.ts';
import { findActiveUserById, type UserRow, userColumns, userList } from '../users/index.ts';
import { checkCode, issueAndSendCode, renewChallengeCode } from './challenges.ts';
import {
  hashEphemeralToken,
  MAX_SENDS_PER_CHALLENGE,
  newEphemeralToken,
  RESEND_INTERVAL_MS,
} from './codes.ts';
import { refused, throttled } from './errors.ts';
import { sendCode } from './messages.ts';
import { confirmedMethods, countCodeSent, mfaThrottleKeys } from './service.ts';
import { mfaChallenges } from './tables.ts';

const signInAgain = () =>
  refused(
    'invalid',
    'mfa_challenge_invalid',
    'This sign-in has expired or was already used. Sign in again with your password.',
  );

/**
 * Called by sign-in once the password is right, in its transaction: for a user with two-factor on, opens
 * a sign-in challenge on the primary method, sends its code and answers `{ephemeral_token, method}`.
 * Null when the user has no confirmed method (tokens are issued as usual).
 */
export async function startLoginChallenge(
  tx: DbOrTx,
  user: UserRow,
  secret: string,
  at: Date,
): Promise<{ ephemeral_token: string; method: MfaMethod } | null> {
  if (!user.mfaEnabled) return null;
  const methods = await confirmedMethods(tx, user.id);
  const primary = methods.find((m) => m.isPrimary) ?? methods[0];
  if (!primary) return null;
  await countCodeSent(tx, user.id, at);
  const token = newEphemeralToken();
  await issueAndSendCode(
    tx,
    user,
    { purpose: 'login', method: primary.method, value: primary.value, tokenHash: hashEphemeralToken(token) },
    secret,
    at,
  );
  return { ephemeral_token: token, method: primary.method };
}

/** The second sign-in step and its resend (public routes: the ephemeral token is the credential). */
export function createLoginCodeService({
  database,
  tokens,
  now,
  config,
}: Pick<AppDeps, 'database' | 'tokens' | 'now' | 'config'>) {
  const { db } = database;
  const secret = config.jwtSecret;

  /** The sign-in challenge of an ephemeral token: open ones for a check, any for a failure's audit. */
  const challengeOf = async (tx: DbOrTx, token: string, forUpdate: boolean, openOnly = true) => {
    const query = tx
      .select({ challenge: mfaChallenges, user: userColumns })
      .from(mfaChallenges)
      .innerJoin(userList, eq(userList.id, mfaChallenges.userId))
      .where(
        and(
          eq(mfaChallenges.tokenHash, hashEphemeralToken(token)),
          eq(mfaChallenges.purpose, 'login'),
          openOnly ? isNull(mfaChallenges.consumedAt) : undefined,
          eq(userList.isActive, true),
        ),
      );
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  };

  return {
    async verify(ephemeralToken: string, code: string, actor: AuditActor): Promise<TokenPair> {
      const at = now();
      const addressKey = mfaThrottleKeys.address(actor.ipAddress ?? 'unknown');
      await assertNotThrottled(db, [addressKey], MAX_TOKEN_CHECKS, at);
      // Who it is, for the audit of a failure (read without a lock; the check below locks).
      const known = await challengeOf(db, ephemeralToken, false, false);
      return checkCode(db, secret, at, {
        find: async (tx: Tx) => (await challengeOf(tx, ephemeralToken, true))?.challenge,
        code,
        audit: {
          action: 'login_mfa',
          userGuid: known?.user.guid ?? null,
          userId: known?.user.id ?? null,
          actor,
        },
        missing: signInAgain,
        lockedDetail: 'Too many wrong codes. Sign in again with your password.',
        onFailure: (tx) => recordAttempt(tx, [addressKey], at),
        onSuccess: async (tx, challenge) => {
          const user = await findActiveUserById(tx, challenge.userId);
          if (!user) throw signInAgain();
          await recordAudit(tx, actor, {
            action: 'login',
            objectType: 'user',
            objectGuid: user.guid,
            actorUserId: user.id,
            changes: { method: { before: null, after: challenge.method } },
          });
          return tokens.issuePair(await sessionClaimsFor(tx, user, at));
        },
      });
    },

    /** A new code for the sign-in (the old one stops working), to `method` if it is another confirmed one. */
    async resend(ephemeralToken: string, method: MfaMethod, actor: AuditActor) {
      const at = now();
      const addressKey = mfaThrottleKeys.address(actor.ipAddress ?? 'unknown');
      await assertNotThrottled(db, [addressKey], MAX_TOKEN_CHECKS, at);
      const outcome = await db.transaction(async (tx) => {
        const row = await challengeOf(tx, ephemeralToken, true);
        if (!row || row.challenge.lockedAt || row.challenge.expiresAt.getTime() <= at.getTime()) {
          await recordAttempt(tx, [addressKey], at);
          await recordAudit(tx, actor, {
            action: 'mfa_code_resend_failed',
            objectType: 'user',
            objectGuid: row?.user.guid ?? null,
            actorUserId: row?.user.id ?? null,
          });
          return 'invalid' as const;
        }
        const { challenge, user } = row;
        if (
          challenge.sendCount >= MAX_SENDS_PER_CHALLENGE ||
          at.getTime() - challenge.lastSentAt.getTime() < RESEND_INTERVAL_MS
        ) {
          return 'throttled' as const;
        }
        const target = (await confirmedMethods(tx, user.id)).find((m) => m.method === method);
        if (!target) return 'inactive' as const;
        await countCodeSent(tx, user.id, at);
        const code = await renewChallengeCode(
          tx,
          challenge,
          { method: target.method, value: target.value },
          secret,
          at,
        );
        await sendCode(tx, {
          userId: user.id,
          firstName: user.firstName,
          method: target.method,
          to: target.value,
          code,
          purpose: 'login',
        });
        await recordAudit(tx, actor, {
          action: 'mfa_code_resent',
          objectType: 'user',
          objectGuid: user.guid,
          actorUserId: user.id,
          changes: { method: { before: challenge.method, after: target.method } },
        });
        return 'sent' as const;
      });
      if (outcome === 'invalid') throw signInAgain();
      if (outcome === 'throttled') throw throttled('Wait a moment before asking for another code.');
      if (outcome === 'inactive')
        throw refused('invalid', 'mfa_method_inactive', 'This two-factor method is not active.');
      return { detail: 'We sent a new code.', method };
    },
  };
}
