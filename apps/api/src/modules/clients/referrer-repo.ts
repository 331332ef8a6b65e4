import { and, eq, exists, inArray, notExists, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { memberships } from '../organizations/index.ts';
import { clientReferrers, clients } from './tables.ts';

/** The referrer refers no client at all: a new, shared entry nobody's data depends on yet. */
function unused(db: DbOrTx): SQL {
  return notExists(
    db.select({ id: clients.id }).from(clients).where(eq(clients.clientReferrerId, clientReferrers.id)),
  );
}

/** The referrer refers a client of an organisation where the user is an active member (of these roles). */
function refersClientOfUser(db: DbOrTx, userId: number, roles?: readonly string[]): SQL {
  return exists(
    db
      .select({ id: clients.id })
      .from(clients)
      .innerJoin(memberships, eq(memberships.organizationId, clients.organizationId))
      .where(
        and(
          eq(clients.clientReferrerId, clientReferrers.id),
          eq(memberships.userId, userId),
          eq(memberships.isActive, true),
          roles ? inArray(memberships.role, [...roles]) : undefined,
        ),
      ),
  );
}

/**
 * Referrers a staff member sees: unused ones, and those referring a client of one of its organisations.
 * A referrer of another organisation's clients stays hidden (no leak across tenants).
 */
export function visibleToUser(db: DbOrTx, userId: number): SQL {
  return or(unused(db), refersClientOfUser(db, userId)) as SQL;
}

/**
 * Referrers a caller may edit (decision 014): those referring a client of an organisation it administers
 * are that organisation's; an unused one belongs to no organisation yet, so only internal staff edit it.
 */
export function editableBy(
  db: DbOrTx,
  caller: { userId: number; internalStaff: boolean },
  adminRoles: readonly string[],
): SQL {
  const ownClients = refersClientOfUser(db, caller.userId, adminRoles);
  return caller.internalStaff ? (or(unused(db), ownClients) as SQL) : ownClients;
}

/** Referrers a client of organisation `organizationId` may be given: unused ones, or already used by it. */
export function usableByOrganization(db: DbOrTx, organizationId: number): SQL {
  return or(
    unused(db),
    exists(
      db
        .select({ id: clients.id })
        .from(clients)
        .where(
          and(eq(clients.clientReferrerId, clientReferrers.id), eq(clients.organizationId, organizationId)),
        ),
    ),
  ) as SQL;
}

/** The id of a referrer the organisation may use, or undefined. */
export async function findUsableReferrer(db: DbOrTx, organizationId: number, referrerGuid: string) {
  const [row] = await db
    .select({ id: clientReferrers.id, guid: clientReferrers.guid, name: clientReferrers.name })
    .from(clientReferrers)
    .where(and(eq(clientReferrers.guid, referrerGuid), usableByOrganization(db, organizationId)));
  return row;
}
