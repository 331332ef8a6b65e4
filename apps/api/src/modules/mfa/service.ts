import type { MfaCodeAction, MfaMethodView, TokenPair } from '@bp/contracts';
import { type MfaMethod, toE164 } from '@bp/domain';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import {
  assertNotThrottled,
  blacklistRefresh,
  needsMfaSetup,
  recordAttempt,
  sessionClaimsFor,
} from '../auth/index.ts';
import { organizationRequiresMfa } from '../organizations/index.ts';
import { findActiveUserByGuid, type UserRow, updateUser } from '../users/index.ts';
import { checkCode, issueAndSendCode, openChallengeFor } from './challenges.ts';
import { MAX_CODES_PER_USER, maskValue } from './codes.ts';
import { forbidden, refused, unauthorized } from './errors.ts';
import { mfaMethods } from './tables.ts';

/** Methods a user can turn on today; the others of MFA_METHOD_VALUES answer 400 until built. */
export const AVAILABLE_METHODS: readonly MfaMethod[] = ['email', 'sms_twilio'];
export const ALREADY_ACTIVE_DETAIL = 'MFA method already active.';
export const METHOD_UPDATED_DETAIL = 'MFA method updated.';

export const mfaThrottleKeys = {
  /** Every code sent to a user (activate, code/request, sign-in, resend) counts here. */
  codesSent: (userId: number) => `mfa:send:user:${userId}`,
  /** Wrong or unknown sign-in codes and resends per address. */
  address: (ip: string) => `mfa:address:${ip}`,
};

export const unavailable = () =>
  refused('invalid', 'mfa_method_unavailable', 'This two-factor method is not available.');
const inactive = () => refused('invalid', 'mfa_method_inactive', 'This two-factor method is not active.');
const noCodeRequested = () =>
  invalid('code', 'No code was sent for this, or it was already used. Ask for a new code.');

type MethodRow = typeof mfaMethods.$inferSelect;

export async function confirmedMethods(db: DbOrTx, userId: number): Promise<MethodRow[]> {
  return db
    .select()
    .from(mfaMethods)
    .where(and(eq(mfaMethods.userId, userId), isNotNull(mfaMethods.confirmedAt)))
    .orderBy(asc(mfaMethods.id));
}

/** Counts a code about to be sent to the user; 429 past the per-user limit. */
export async function countCodeSent(db: DbOrTx, userId: number, at: Date): Promise<void> {
  const key = mfaThrottleKeys.codesSent(userId);
  await assertNotThrottled(db, [key], MAX_CODES_PER_USER, at);
  await recordAttempt(db, [key], at);
}

const emailValue = z.email().max(254);

/** Setting up, switching and removing two-factor methods (SPEC.md §7, decision 012). */
export function createMfaService({
  database,
  tokens,
  now,
  config,
}: Pick<AppDeps, 'database' | 'tokens' | 'now' | 'config'>) {
  const { db } = database;
  const secret = config.jwtSecret;

  async function caller(auth: AuthContext): Promise<UserRow> {
    // Staff behind a mask must not point another person's second factor at themselves.
    if (auth.maskedBy) throw forbidden('A masked session cannot change two-factor settings.');
    const user = await findActiveUserByGuid(db, auth.user.guid);
    if (!user) throw unauthorized('User is inactive or deleted', 'user_inactive');
    return user;
  }

  function assertAvailable(method: MfaMethod) {
    if (!AVAILABLE_METHODS.includes(method)) throw unavailable();
  }

  async function confirmedMethod(userId: number, method: MfaMethod): Promise<MethodRow> {
    const row = (await confirmedMethods(db, userId)).find((m) => m.method === method);
    if (!row) throw inactive();
    return row;
  }

  function destination(user: UserRow, method: MfaMethod, value: string | undefined): string {
    if (method === 'email') {
      const parsed = emailValue.safeParse((value || user.email).trim().toLowerCase());
      if (!parsed.success) throw invalid('value', 'Enter a valid e-mail address.');
      return parsed.data;
    }
    if (!value) throw invalid('value', 'This field is required.');
    const phone = toE164(value);
    if (!phone) throw invalid('value', 'Enter a US phone number of 10 digits.');
    return phone;
  }

  return {
    async list(auth: AuthContext): Promise<MfaMethodView[]> {
      const rows = await confirmedMethods(db, auth.user.id);
      return rows.map((m) => ({
        method: m.method,
        value_masked: maskValue(m.method, m.value),
        is_primary: m.isPrimary,
      }));
    },

    /** Sends a code to the new (unconfirmed) method; confirm turns it on. */
    async activate(auth: AuthContext, method: MfaMethod, value: string | undefined, actor: AuditActor) {
      const user = await caller(auth);
      assertAvailable(method);
      const to = destination(user, method, value);
      const at = now();
      await db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(mfaMethods)
          .where(and(eq(mfaMethods.userId, user.id), eq(mfaMethods.method, method)))
          .for('update');
        if (existing?.confirmedAt) {
          throw refused('invalid', 'mfa_method_already_active', ALREADY_ACTIVE_DETAIL);
        }
        await countCodeSent(tx, user.id, at);
        if (existing) {
          await tx.update(mfaMethods).set({ value: to }).where(eq(mfaMethods.id, existing.id));
        } else {
          await tx.insert(mfaMethods).values({ userId: user.id, method, value: to, createdAt: at });
        }
        await issueAndSendCode(tx, user, { purpose: 'activate', method, value: to }, secret, at);
        await recordAudit(tx, actor, {
          action: 'mfa_activation_requested',
          objectType: 'user',
          objectGuid: user.guid,
          changes: { method: { before: null, after: method } },
        });
      });
      const where = method === 'email' ? 'e-mail address' : 'phone number';
      return { detail: `We sent a 6-digit code to your ${where}.`, method };
    },

    /** The code sent by activate: the method is on (primary if it is the first), new tokens. */
    async confirmActivation(
      auth: AuthContext,
      method: MfaMethod,
      input: { code: string; refresh: string },
      actor: AuditActor,
    ): Promise<TokenPair> {
      const user = await caller(auth);
      assertAvailable(method);
      const refresh = await tokens.verifyRefresh(input.refresh);
      if (refresh.sub !== user.guid || refresh.masked_by)
        throw forbidden('The refresh token belongs to another session.');
      const at = now();
      return checkCode(db, secret, at, {
        find: (tx) => openChallengeFor(tx, user.id, 'activate', method),
        code: input.code,
        audit: { action: 'mfa_activated', userGuid: user.guid, userId: user.id, actor },
        missing: noCodeRequested,
        lockedDetail: 'Too many wrong codes. Start the set-up again to get a new code.',
        onSuccess: async (tx, challenge) => {
          const hasPrimary = (await confirmedMethods(tx, user.id)).some((m) => m.isPrimary);
          await tx
            .update(mfaMethods)
            .set({ value: challenge.value, confirmedAt: at, isPrimary: !hasPrimary })
            .where(and(eq(mfaMethods.userId, user.id), eq(mfaMethods.method, method)));
          const updated = await updateUser(tx, user.id, { mfaEnabled: true }, at);
          const fresh = await blacklistRefresh(tx, refresh.jti, user.id, new Date(refresh.exp * 1000));
          if (!fresh) throw unauthorized('Token is blacklisted');
          return tokens.issuePair(await sessionClaimsFor(tx, updated ?? user, at));
        },
      });
    },

    /** Sends a code to a confirmed method, for removing it or making it primary. */
    async requestCode(auth: AuthContext, method: MfaMethod, action: MfaCodeAction, actor: AuditActor) {
      const user = await caller(auth);
      const row = await confirmedMethod(user.id, method);
      const at = now();
      await db.transaction(async (tx) => {
        await countCodeSent(tx, user.id, at);
        await issueAndSendCode(tx, user, { purpose: action, method, value: row.value }, secret, at);
        await recordAudit(tx, actor, {
          action: 'mfa_code_requested',
          objectType: 'user',
          objectGuid: user.guid,
          changes: { method: { before: null, after: method }, purpose: { before: null, after: action } },
        });
      });
      return { detail: 'We sent a 6-digit code.' };
    },

    async changePrimary(auth: AuthContext, method: MfaMethod, code: string, actor: AuditActor) {
      const user = await caller(auth);
      await confirmedMethod(user.id, method);
      const at = now();
      await checkCode(db, secret, at, {
        find: (tx) => openChallengeFor(tx, user.id, 'change_primary', method),
        code,
        audit: { action: 'mfa_primary_changed', userGuid: user.guid, userId: user.id, actor },
        missing: noCodeRequested,
        lockedDetail: 'Too many wrong codes. Ask for a new code.',
        onSuccess: async (tx) => {
          await tx
            .update(mfaMethods)
            .set({ isPrimary: false })
            .where(and(eq(mfaMethods.userId, user.id), ne(mfaMethods.method, method)));
          await tx
            .update(mfaMethods)
            .set({ isPrimary: true })
            .where(and(eq(mfaMethods.userId, user.id), eq(mfaMethods.method, method)));
        },
      });
      return { detail: METHOD_UPDATED_DETAIL };
    },

    /** Removes a method with a code sent to it; refused for the last one while two-factor is required. */
    async deactivate(auth: AuthContext, method: MfaMethod, code: string, actor: AuditActor) {
      const user = await caller(auth);
      await confirmedMethod(user.id, method);
      const at = now();
      const assertMayRemove = async (tx: DbOrTx) => {
        const others = (await confirmedMethods(tx, user.id)).filter((m) => m.method !== method);
        if (others.length > 0) return others;
        if (user.mfaRequired || (await organizationRequiresMfa(tx, user.id))) {
          throw refused(
            'invalid',
            'mfa_required',
            'Two-factor authentication is required for your account: add another method before removing this one.',
          );
        }
        return others;
      };
      // Checked before the code is spent, and again under the code's transaction.
      await assertMayRemove(db);
      await checkCode(db, secret, at, {
        find: (tx) => openChallengeFor(tx, user.id, 'deactivate', method),
        code,
        audit: { action: 'mfa_deactivated', userGuid: user.guid, userId: user.id, actor },
        missing: noCodeRequested,
        lockedDetail: 'Too many wrong codes. Ask for a new code.',
        onSuccess: async (tx) => {
          const others = await assertMayRemove(tx);
          const [removed] = await tx
            .delete(mfaMethods)
            .where(and(eq(mfaMethods.userId, user.id), eq(mfaMethods.method, method)))
            .returning();
          if (others.length === 0) {
            await updateUser(tx, user.id, { mfaEnabled: false }, at);
          } else if (removed?.isPrimary || !others.some((m) => m.isPrimary)) {
            const next = others[0];
            if (next) await tx.update(mfaMethods).set({ isPrimary: true }).where(eq(mfaMethods.id, next.id));
          }
        },
      });
      return { detail: 'The two-factor method was removed.' };
    },

    needsSetup: (user: UserRow) => needsMfaSetup(db, user),
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
