import type { LoginResponse, TokenPair } from '@bp/contracts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, HttpError, unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { RefreshPayload } from '../../platform/tokens.ts';
import { startLoginChallenge } from '../mfa/login.ts';
import { sessionClaimsFor } from './claims.ts';
import { blacklistRefresh, findActiveUserByGuid, findUserByEmail } from './repo.ts';
import {
  assertNotThrottled,
  clearAttempts,
  MAX_FAILED_LOGINS,
  recordAttempt,
  throttleKeys,
} from './throttle.ts';

const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', 'No active account found with the given credentials.');

/** Sign-in, token rotation and revocation. */
export function createSessionService({
  database,
  tokens,
  now,
  config,
}: Pick<AppDeps, 'database' | 'tokens' | 'now' | 'config'>) {
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
      const keys = [
        throttleKeys.loginAccount(email.trim()),
        throttleKeys.loginAddress(actor.ipAddress ?? 'unknown'),
      ];
      await assertNotThrottled(db, keys, MAX_FAILED_LOGINS, at);
      const user = await findUserByEmail(db, email);
      const ok = (await verifyPassword(user?.passwordHash ?? null, password)) && user?.isActive === true;
      if (!ok || !user) {
        // Recorded in its own transaction: the refusal must not roll the count back.
        await db.transaction(async (tx) => {
          await recordAttempt(tx, keys, at);
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
        await clearAttempts(tx, keys[0] as string);
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
      return tokens.issuePair(await sessionClaimsFor(db, user, now(), payload.masked_by ?? null));
    },

    async blacklist(token: string): Promise<void> {
      const payload = await verifiedRefresh(token);
      const user = await findActiveUserByGuid(db, payload.sub);
      if (!user) return;
      await blacklistRefresh(db, payload.jti, user.id, new Date(payload.exp * 1000));
    },

    /** New tokens with claims read again (terms accepted, password changed); the old refresh is used up. */
    async renewClaims(token: string, callerGuid: string): Promise<TokenPair> {
      const payload = await verifiedRefresh(token);
      if (payload.sub !== callerGuid) throw forbidden('The refresh token belongs to another user.');
      const { user } = await consumeRefresh(payload);
      return tokens.issuePair(await sessionClaimsFor(db, user, now(), payload.masked_by ?? null));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
