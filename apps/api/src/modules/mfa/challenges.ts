import { randomUUID } from 'node:crypto';
import type { MfaMethod } from '@bp/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { CODE_TTL_MS, codeMatches, hashCode, MAX_WRONG_CODES, newCode } from './codes.ts';
import { refused } from './errors.ts';
import { type CodePurpose, sendCode } from './messages.ts';
import { mfaChallenges } from './tables.ts';

export type Challenge = typeof mfaChallenges.$inferSelect;

/**
 * Opens a challenge and answers its code (to be sent, never stored). Open challenges of the same user,
 * purpose and method are closed first: only the newest code of a kind works.
 */
export async function issueChallenge(
  tx: DbOrTx,
  input: { userId: number; purpose: CodePurpose; method: MfaMethod; value: string; tokenHash?: string },
  secret: string,
  at: Date,
): Promise<{ challenge: Challenge; code: string }> {
  await tx
    .update(mfaChallenges)
    .set({ consumedAt: at })
    .where(
      and(
        eq(mfaChallenges.userId, input.userId),
        eq(mfaChallenges.purpose, input.purpose),
        eq(mfaChallenges.method, input.method),
        isNull(mfaChallenges.consumedAt),
      ),
    );
  const guid = randomUUID();
  const code = newCode();
  const [challenge] = await tx
    .insert(mfaChallenges)
    .values({
      guid,
      userId: input.userId,
      purpose: input.purpose,
      method: input.method,
      value: input.value,
      tokenHash: input.tokenHash ?? null,
      codeHash: hashCode(secret, guid, code),
      expiresAt: new Date(at.getTime() + CODE_TTL_MS),
      lastSentAt: at,
      createdAt: at,
    })
    .returning();
  if (!challenge) throw new Error('challenge not inserted');
  return { challenge, code };
}

/** Opens a challenge (issueChallenge) and queues its code to `input.value` in the same transaction. */
export async function issueAndSendCode(
  tx: DbOrTx,
  user: { id: number; firstName: string },
  input: { purpose: CodePurpose; method: MfaMethod; value: string; tokenHash?: string },
  secret: string,
  at: Date,
): Promise<void> {
  const { code } = await issueChallenge(tx, { userId: user.id, ...input }, secret, at);
  await sendCode(tx, {
    userId: user.id,
    firstName: user.firstName,
    method: input.method,
    to: input.value,
    code,
    purpose: input.purpose,
  });
}

/** A new code for the same challenge (resend): the previous code stops working, the clock restarts. */
export async function renewChallengeCode(
  tx: DbOrTx,
  challenge: Challenge,
  change: { method: MfaMethod; value: string },
  secret: string,
  at: Date,
): Promise<string> {
  const code = newCode();
  await tx
    .update(mfaChallenges)
    .set({
      ...change,
      codeHash: hashCode(secret, challenge.guid, code),
      expiresAt: new Date(at.getTime() + CODE_TTL_MS),
      sendCount: challenge.sendCount + 1,
      lastSentAt: at,
    })
    .where(eq(mfaChallenges.id, challenge.id));
  return code;
}

/** The newest open challenge of a user for a purpose and method, locked for the check. */
export async function openChallengeFor(
  tx: Tx,
  userId: number,
  purpose: CodePurpose,
  method: MfaMethod,
): Promise<Challenge | undefined> {
  const [row] = await tx
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        eq(mfaChallenges.purpose, purpose),
        eq(mfaChallenges.method, method),
        isNull(mfaChallenges.consumedAt),
      ),
    )
    .orderBy(desc(mfaChallenges.id))
    .limit(1)
    .for('update');
  return row;
}

export const CHALLENGE_LOCKED_CODE = 'mfa_challenge_locked';

export interface CodeCheck<T> {
  /** Finds the challenge the code must belong to (locked FOR UPDATE), or undefined. */
  find: (tx: Tx) => Promise<Challenge | undefined>;
  code: string;
  /** Runs in the same transaction once the code is right; the challenge is already used up. */
  onSuccess: (tx: Tx, challenge: Challenge) => Promise<T>;
  /** Audit: the action's name (`<action>` on success, `<action>_failed` otherwise) and the user's guid. */
  audit: { action: string; userGuid: string | null; userId: number | null; actor: AuditActor };
  /** Told when the challenge is missing, so sign-in can answer its own message. */
  missing: () => Error;
  lockedDetail: string;
  /** Runs in the failure's transaction (throttle counters). */
  onFailure?: (tx: Tx) => Promise<void>;
}

type Outcome<T> =
  | { kind: 'ok'; result: T }
  | { kind: 'missing' | 'locked' | 'expired' | 'wrong' | 'now_locked' };

/**
 * Checks a code against its challenge in one transaction: right → used up, `onSuccess`, audited; wrong →
 * counted (the 5th locks the challenge) and audited, committed before the refusal is thrown.
 */
export async function checkCode<T>(db: Db, secret: string, at: Date, check: CodeCheck<T>): Promise<T> {
  const outcome: Outcome<T> = await db.transaction(async (tx) => {
    const challenge = await check.find(tx);
    const fail = async (reason: string, kind: Outcome<T>['kind']): Promise<Outcome<T>> => {
      await check.onFailure?.(tx);
      await recordAudit(tx, check.audit.actor, {
        action: `${check.audit.action}_failed`,
        objectType: 'user',
        objectGuid: check.audit.userGuid,
        actorUserId: check.audit.actor.actorUserId ?? check.audit.userId,
        changes: {
          reason: { before: null, after: reason },
          ...(challenge ? { method: { before: null, after: challenge.method } } : {}),
        },
      });
      return { kind } as Outcome<T>;
    };
    if (!challenge) return fail('no_challenge', 'missing');
    if (challenge.lockedAt) return fail('locked', 'locked');
    if (challenge.expiresAt.getTime() <= at.getTime()) return fail('expired', 'expired');
    if (!codeMatches(secret, challenge.guid, check.code, challenge.codeHash)) {
      const failed = challenge.failedAttempts + 1;
      const locked = failed >= MAX_WRONG_CODES;
      await tx
        .update(mfaChallenges)
        .set({ failedAttempts: failed, ...(locked ? { lockedAt: at } : {}) })
        .where(eq(mfaChallenges.id, challenge.id));
      return fail(locked ? 'wrong_code_locked' : 'wrong_code', locked ? 'now_locked' : 'wrong');
    }
    await tx.update(mfaChallenges).set({ consumedAt: at }).where(eq(mfaChallenges.id, challenge.id));
    const result = await check.onSuccess(tx, challenge);
    await recordAudit(tx, check.audit.actor, {
      action: check.audit.action,
      objectType: 'user',
      objectGuid: check.audit.userGuid,
      actorUserId: check.audit.actor.actorUserId ?? check.audit.userId,
      changes: { method: { before: null, after: challenge.method } },
    });
    return { kind: 'ok', result };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.result;
    case 'missing':
      throw check.missing();
    case 'expired':
      throw invalid('code', 'This code has expired. Ask for a new one.');
    case 'wrong':
      throw invalid('code', 'The code is not correct.');
    default:
      throw refused('invalid', CHALLENGE_LOCKED_CODE, check.lockedDetail);
  }
}
