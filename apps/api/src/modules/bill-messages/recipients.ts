import { and, eq, exists, ne, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { BillRow } from '../bill-core/index.ts';
import { clientAssignmentList, clientUserList } from '../clients/index.ts';
import { designatedEntityList, excludedVendorList } from '../entities/index.ts';
import { memberships } from '../organizations/index.ts';
import { userList } from '../users/index.ts';

/** What deciding who reads a bill's messages needs. */
export type MessageBill = Pick<BillRow, 'organizationId' | 'clientId' | 'entityId' | 'vendorId' | 'status'>;

/**
 * Who gets a receipt (and so an unread message) when someone writes on a bill: the other side of the
 * conversation, never the author.
 * - Staff write: every active user of the client who can see the bill, observers included (they may
 *   read); not a user excluded from the bill's vendor, nor a designee whose designated entities leave
 *   out the bill's entity. A draft (pre_bill) is not shown to the client, so nobody there.
 * - A client user writes: the staff assigned to the client (assigned or backup); when nobody is,
 *   every active member of the organisation, so the message is never lost.
 */
export async function messageRecipients(
  tx: DbOrTx,
  bill: MessageBill,
  author: { userId: number; side: 'staff' | 'client' },
): Promise<number[]> {
  const ids = author.side === 'staff' ? await clientReaders(tx, bill) : await staffReaders(tx, bill);
  return [...new Set(ids)].filter((id) => id !== author.userId);
}

async function clientReaders(tx: DbOrTx, bill: MessageBill): Promise<number[]> {
  if (bill.status === 'pre_bill') return [];
  const rows = await tx
    .select({ userId: clientUserList.userId })
    .from(clientUserList)
    .innerJoin(userList, and(eq(userList.id, clientUserList.userId), eq(userList.isActive, true)))
    .where(
      and(
        eq(clientUserList.clientId, bill.clientId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(excludedVendorList)
            .where(
              and(
                eq(excludedVendorList.clientUserId, clientUserList.id),
                eq(excludedVendorList.vendorId, bill.vendorId),
              ),
            ),
        ),
        or(
          ne(clientUserList.role, 'designee'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(designatedEntityList)
              .where(eq(designatedEntityList.clientUserId, clientUserList.id)),
          ),
          exists(
            tx
              .select({ one: sql`1` })
              .from(designatedEntityList)
              .where(
                and(
                  eq(designatedEntityList.clientUserId, clientUserList.id),
                  eq(designatedEntityList.entityId, bill.entityId),
                ),
              ),
          ),
        ),
      ),
    );
  return rows.map((r) => r.userId);
}

async function staffReaders(tx: DbOrTx, bill: MessageBill): Promise<number[]> {
  const activeMember = and(
    eq(memberships.organizationId, bill.organizationId),
    eq(memberships.isActive, true),
    eq(userList.isActive, true),
  );
  const assigned = await tx
    .select({ userId: memberships.userId })
    .from(clientAssignmentList)
    .innerJoin(memberships, eq(memberships.id, clientAssignmentList.organizationUserId))
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(and(eq(clientAssignmentList.clientId, bill.clientId), activeMember));
  if (assigned.length > 0) return assigned.map((r) => r.userId);
  const everyone = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(activeMember);
  return everyone.map((r) => r.userId);
}
