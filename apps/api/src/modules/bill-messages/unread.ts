import { and, type Column, count, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billMessageReceipts, billMessages } from './tables.ts';

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

/**
 * The same per organisation as a column of another statement (the organisation list reads it with the
 * organisations): `userId`'s unread messages in the organisation `organizationId` names.
 */
export function unreadInOrganizationColumn(
  organizationId: SQL | Column,
  userId: SQLWrapper | number,
): SQL<number> {
  return sql<number>`(select count(*)::int from ${billMessageReceipts}
    where ${billMessageReceipts.userId} = ${userId} and ${billMessageReceipts.organizationId} = ${organizationId}
      and ${billMessageReceipts.readAt} is null)`;
}

/** The caller's unread messages on the bill (receipts are per reader). */
export async function unreadMessagesOn(db: DbOrTx, billId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(billMessageReceipts)
    .innerJoin(billMessages, eq(billMessages.id, billMessageReceipts.messageId))
    .where(
      and(
        eq(billMessages.billId, billId),
        eq(billMessageReceipts.userId, userId),
        isNull(billMessageReceipts.readAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The same as a column of another statement (the bill page reads it with the bill): the caller's unread
 * messages on the bill `billId` names, e.g. the outer query's bill id column.
 */
export function unreadMessagesOnColumn(billId: SQL | Column, userId: SQLWrapper | number): SQL<number> {
  return sql<number>`(select count(*)::int from ${billMessageReceipts}
    inner join ${billMessages} on ${billMessages.id} = ${billMessageReceipts.messageId}
    where ${billMessages.billId} = ${billId} and ${billMessageReceipts.userId} = ${userId}
      and ${billMessageReceipts.readAt} is null)`;
}
