import { and, eq, exists, ne, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientAssignments, clientUsers } from '../clients/tables.ts';
import { designatedEntities, excludedVendors } from '../entities/tables.ts';
import { organizationUsers } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';

/** What deciding who reads a bill's messages needs. */
export type MessageBill = Pick<BillRow, 'organizationId' | 'clientId' | 'entityId' | 'vendorId' | 'status'>;

import type { BillRow } from '../bill-core/index.ts';

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
    .select({ userId: clientUsers.userId })
    .from(clientUsers)
    .innerJoin(users, and(eq(users.id, clientUsers.userId), eq(users.isActive, true)))
    .where(
      and(
        eq(clientUsers.clientId, bill.clientId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(excludedVendors)
            .where(
              and(
                eq(excludedVendors.clientUserId, clientUsers.id),
                eq(excludedVendors.vendorId, bill.vendorId),
              ),
            ),
        ),
        or(
          ne(clientUsers.role, 'designee'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(designatedEntities)
              .where(eq(designatedEntities.clientUserId, clientUsers.id)),
          ),
          exists(
            tx
              .select({ one: sql`1` })
              .from(designatedEntities)
              .where(
                and(
                  eq(designatedEntities.clientUserId, clientUsers.id),
                  eq(designatedEntities.entityId, bill.entityId),
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
    eq(organizationUsers.organizationId, bill.organizationId),
    eq(organizationUsers.isActive, true),
    eq(users.isActive, true),
  );
  const assigned = await tx
    .select({ userId: organizationUsers.userId })
    .from(clientAssignments)
    .innerJoin(organizationUsers, eq(organizationUsers.id, clientAssignments.organizationUserId))
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(clientAssignments.clientId, bill.clientId), activeMember));
  if (assigned.length > 0) return assigned.map((r) => r.userId);
  const everyone = await tx
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(activeMember);
  return everyone.map((r) => r.userId);
}
