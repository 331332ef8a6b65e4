import type { LoginResponse, TokenPair } from '@bp/contracts';
import type { MfaMethod } from '@bp/domain';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { REFRESH_TTL_SECONDS, type RefreshPayload } from '../../platform/tokens.ts';
import { findActiveUserByGuid, findUserByEmail, type UserRow } from '../users/index.ts';
import { sessionClaimsFor } from './claims.ts';
import { forbidden, refused, unauthorized } from './errors.ts';
import { blacklistRefresh, endAllSessions, isSessionRevoked, revokeSession } from './repo.ts';
import { admitAttempt, clearAttempts, loginLimits, releaseAttempt, throttleKeys } from './throttle.ts';

const invalidCredentials = () =>
  refused('unauthenticated', 'invalid_credentials', 'No active account found with the given credentials.');

/**
 * Opens the second sign-in step for a user with two-factor on (in sign-in's transaction) and answers
 * what the client needs for it, or null when the user has no confirmed method. Two-factor (mfa) builds
 * on auth, so app.ts passes mfa's in.
 */
export type LoginChallengeStarter = (
  tx: DbOrTx,
  user: UserRow,
  secret: string,
  at: Date,
) => Promise<{ ephemeral_token: string; method: MfaMethod } | null>;

/** Sign-in, token rotation and revocation. */
export function createSessionService(
  { database, tokens, now, config }: Pick<AppDeps, 'database' | 'tokens' | 'now' | 'config'>,
  startLoginChallenge: LoginChallengeStarter,
) {
  const { db } = database;

  async function verifiedRefresh(token: string): Promise<RefreshPayload> {
    if (!token) throw unauthorized('Invalid refresh token');
    return tokens.verifyRefresh(token);
  }

  /** Uses up a refresh token (rotation): a second use of the same token is refused. */
  async function consumeRefresh(payload: RefreshPayload) {
    return db.transaction(async (tx) => {
      const user = await findActiveUserByGuid(tx, payload.sub);
      if (!user) throw unauthorized('User is inactive or deleted', 'user_inactive');
      // A password change, reset or "sign out everywhere" raised the generation; sign-out revoked the sid.
      if (payload.gen !== user.sessionGeneration || (await isSessionRevoked(tx, payload.sid))) {
        throw unauthorized('Session has ended', 'session_ended');
      }
      const fresh = await blacklistRefresh(tx, payload.jti, user.id, new Date(payload.exp * 1000));
      if (!fresh) throw unauthorized('Token is blacklisted');
      if (payload.masked_by && !(await findActiveUserByGuid(tx, payload.masked_by))) throw unauthorized();
      return { user };
    });
  }

  return {
    /** Tokens, or for a user with two-factor on a challenge whose code finishes at login/code (decision 012). */
    async login(email: string, password: string, actor: AuditActor): Promise<LoginResponse> {
      const at = now();
      const ip = actor.ipAddress ?? 'unknown';
      // Counted before the password is checked (decision 016): concurrent attempts cannot all slip in.
      const reserved = await admitAttempt(db, loginLimits(email, ip), at);
      const user = await findUserByEmail(db, email);
      const ok = (await verifyPassword(user?.passwordHash ?? null, password)) && user?.isActive === true;
      if (!ok || !user) {
        // The reservation stays as the failure; the audit record is written on its own.
        await db.transaction(async (tx) => {
          await recordAudit(tx, actor, {
            action: 'login_failed',
            objectType: 'user',
            objectGuid: user?.guid ?? null,
            actorUserId: user?.id ?? null,
          });
        });
        throw invalidCredentials();
      }
      return db.transaction(async (tx) => {
        await releaseAttempt(tx, reserved);
        await clearAttempts(tx, [throttleKeys.loginAccount(email), throttleKeys.loginPlace(email, ip)]);
        const challenge = await startLoginChallenge(tx, user, config.jwtSecret, at);
        if (challenge) {
          await recordAudit(tx, actor, {
            action: 'login_mfa_challenge',
            objectType: 'user',
            objectGuid: user.guid,
            actorUserId: user.id,
            changes: { method: { before: null, after: challenge.method } },
          });
          return challenge;
        }
        await recordAudit(tx, actor, {
          action: 'login',
          objectType: 'user',
          objectGuid: user.guid,
          actorUserId: user.id,
        });
        return tokens.issuePair(await sessionClaimsFor(tx, user, at));
      });
    },

    async refresh(token: string): Promise<TokenPair> {
      const payload = await verifiedRefresh(token);
      const { user } = await consumeRefresh(payload);
      return tokens.issuePair(
        await sessionClaimsFor(db, user, now(), payload.masked_by ?? null),
        payload.sid,
      );
    },

    /** Sign-out (and unmask): the refresh token and the whole session, access tokens included, end now. */
    async blacklist(token: string): Promise<void> {
      const payload = await verifiedRefresh(token);
      const user = await findActiveUserByGuid(db, payload.sub);
      if (!user) return;
      const until = new Date(now().getTime() + REFRESH_TTL_SECONDS * 1000);
      await db.transaction(async (tx) => {
        await blacklistRefresh(tx, payload.jti, user.id, new Date(payload.exp * 1000));
        await revokeSession(tx, payload.sid, user.id, until);
      });
    },

    /** Every other session of the user ends; the calling session continues with fresh tokens. */
    async signOutEverywhere(userGuid: string, sid: string, actor: AuditActor): Promise<TokenPair> {
      return db.transaction(async (tx) => {
        const current = await findActiveUserByGuid(tx, userGuid);
        if (!current) throw unauthorized('User is inactive or deleted', 'user_inactive');
        const user = await endAllSessions(tx, current.id, now());
        await recordAudit(tx, actor, {
          action: 'sessions_ended',
          objectType: 'user',
          objectGuid: user.guid,
        });
        return tokens.issuePair(await sessionClaimsFor(tx, user, now()), sid);
      });
    },

    /** New tokens with claims read again (terms accepted, password changed); the old refresh is used up. */
    async renewClaims(token: string, callerGuid: string): Promise<TokenPair> {
      const payload = await verifiedRefresh(token);
      if (payload.sub !== callerGuid) throw forbidden('The refresh token belongs to another user.');
      const { user } = await consumeRefresh(payload);
      return tokens.issuePair(
        await sessionClaimsFor(db, user, now(), payload.masked_by ?? null),
        payload.sid,
      );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
