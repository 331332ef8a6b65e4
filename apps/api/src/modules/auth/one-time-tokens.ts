import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { userColumns, userList } from '../users/index.ts';
import { oneTimeTokens } from './tables.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Issues a token for a link. Only its hash is stored, so a database leak cannot be replayed. */
export async function issueOneTimeToken(
  tx: DbOrTx,
  userId: number,
  type: 'reset' | 'invite',
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = type === 'reset' ? RESET_TOKEN_TTL_MS : INVITE_TOKEN_TTL_MS;
  await tx.insert(oneTimeTokens).values({
    tokenHash: sha256(token),
    userId,
    type,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
}

/** The unused, unexpired token and its active user, or undefined. */
export async function findUsableToken(tx: DbOrTx, token: string, now: Date) {
  const [row] = await tx
    .select({ token: oneTimeTokens, user: userColumns })
    .from(oneTimeTokens)
    .innerJoin(userList, eq(userList.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        eq(userList.isActive, true),
      ),
    );
  return row;
}

/** Marks every open token of the user as used: one successful reset closes all other links. */
export async function useUpTokens(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
