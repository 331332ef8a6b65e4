import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billMessageReceipts } from './tables.ts';

/**
 * Unread messages of a user per organisation (the organisation list's unread_count): one grouped count
 * on the partial index of unread receipts (user, organisation).
 */
export async function unreadCountsOf(
  db: DbOrTx,
  userId: number,
  organizationIds: number[],
): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .select({ organizationId: billMessageReceipts.organizationId, n: count() })
    .from(billMessageReceipts)
    .where(
      and(
        eq(billMessageReceipts.userId, userId),
        inArray(billMessageReceipts.organizationId, organizationIds),
        isNull(billMessageReceipts.readAt),
      ),
    )
    .groupBy(billMessageReceipts.organizationId);
  return new Map(rows.map((r) => [r.organizationId, r.n]));
}
