import { and, eq, inArray } from 'drizzle-orm';
import { ORG_ADMIN_ROLES } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clientList, clientUserList } from '../clients/index.ts';
import { memberships } from '../organizations/index.ts';

/**
 * May `callerId` read the demo outbox of `recipientId`? Admins of an organisation the recipient works in
 * or is a client of may: they sent the invitation and, in a demo, need to hand its link on.
 */
export async function administersRecipient(
  db: DbOrTx,
  callerId: number,
  recipientId: number,
): Promise<boolean> {
  const adminOf = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, callerId),
        eq(memberships.isActive, true),
        inArray(memberships.role, [...ORG_ADMIN_ROLES]),
      ),
    );
  const orgIds = adminOf.map((a) => a.organizationId);
  if (orgIds.length === 0) return false;
  const staff = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, recipientId), inArray(memberships.organizationId, orgIds)))
    .limit(1);
  if (staff.length > 0) return true;
  const client = await db
    .select({ id: clientUserList.id })
    .from(clientUserList)
    .innerJoin(clientList, eq(clientList.id, clientUserList.clientId))
    .where(and(eq(clientUserList.userId, recipientId), inArray(clientList.organizationId, orgIds)))
    .limit(1);
  return client.length > 0;
}
