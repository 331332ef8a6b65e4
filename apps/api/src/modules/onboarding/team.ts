import type { OnboardingTeamMember } from '@bp/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientAssignmentList } from '../clients/index.ts';
import { memberships } from '../organizations/index.ts';
import { userList } from '../users/index.ts';

/**
 * The organisation team of a client: the staff assigned to it (or backup), as the team step shows them.
 * Assigning goes through the staff routes (organizations/{org}/users/{user}/clients), which own that write.
 */
export async function teamOf(db: DbOrTx, clientId: number): Promise<OnboardingTeamMember[]> {
  const rows = await db
    .select({
      user: userList.guid,
      firstName: userList.firstName,
      lastName: userList.lastName,
      email: userList.email,
      teamLabel: memberships.teamLabel,
      kind: clientAssignmentList.kind,
    })
    .from(clientAssignmentList)
    .innerJoin(memberships, eq(memberships.id, clientAssignmentList.organizationUserId))
    .innerJoin(userList, eq(userList.id, memberships.userId))
    .where(eq(clientAssignmentList.clientId, clientId))
    .orderBy(asc(clientAssignmentList.kind), asc(userList.lastName), asc(userList.firstName));
  return rows.map((row) => ({
    user: row.user,
    name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    email: row.email,
    team_label: row.teamLabel,
    kind: row.kind,
  }));
}
