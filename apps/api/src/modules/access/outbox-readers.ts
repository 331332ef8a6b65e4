import { and, eq, inArray } from 'drizzle-orm';
import { ORG_ADMIN_ROLES } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clients, clientUsers } from '../clients/tables.ts';
import { organizationUsers } from '../organizations/tables.ts';

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
    .select({ organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.userId, callerId),
        eq(organizationUsers.isActive, true),
        inArray(organizationUsers.role, [...ORG_ADMIN_ROLES]),
      ),
    );
  const orgIds = adminOf.map((a) => a.organizationId);
  if (orgIds.length === 0) return false;
  const staff = await db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, recipientId), inArray(organizationUsers.organizationId, orgIds)))
    .limit(1);
  if (staff.length > 0) return true;
  const client = await db
    .select({ id: clientUsers.id })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(and(eq(clientUsers.userId, recipientId), inArray(clients.organizationId, orgIds)))
    .limit(1);
  return client.length > 0;
}
