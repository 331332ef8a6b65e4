import type { ClientAssignment } from '@bp/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { isGuid, type OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import {
  clientAssignmentList,
  clientList,
  deleteAssignment,
  insertAssignment,
  setAssignmentKind,
} from '../clients/index.ts';
import { conflict, notFound } from './errors.ts';
import { findMember } from './repo.ts';

type Kind = 'assigned' | 'backup';

async function orgClient(db: DbOrTx, organizationId: number, clientGuid: string) {
  if (!isGuid(clientGuid)) throw notFound();
  const [client] = await db
    .select({
      id: clientList.id,
      guid: clientList.guid,
      name: clientList.name,
      archivedAt: clientList.archivedAt,
    })
    .from(clientList)
    .where(and(eq(clientList.guid, clientGuid), eq(clientList.organizationId, organizationId)));
  // Another organisation's client is as unknown as a made-up one.
  if (!client) throw notFound();
  return client;
}

/** Which clients a staff member works on, as the assigned person or the backup. */
export function createAssignmentService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;

  return {
    async list(scope: OrganizationScope, userGuid: string, window: PageWindow) {
      const { membership } = await findMember(db, scope.id, userGuid);
      const where = eq(clientAssignmentList.organizationUserId, membership.id);
      const [total] = await db.select({ n: count() }).from(clientAssignmentList).where(where);
      const rows = await db
        .select({
          assignment: { kind: clientAssignmentList.kind, createdAt: clientAssignmentList.createdAt },
          client: { guid: clientList.guid, name: clientList.name, archivedAt: clientList.archivedAt },
        })
        .from(clientAssignmentList)
        .innerJoin(clientList, eq(clientList.id, clientAssignmentList.clientId))
        .where(where)
        .orderBy(asc(clientList.name), asc(clientList.id))
        .limit(window.limit)
        .offset(window.offset);
      const results: ClientAssignment[] = rows.map(({ assignment, client }) => ({
        client: { guid: client.guid, name: client.name, archived: client.archivedAt !== null },
        kind: assignment.kind,
        created_on: assignment.createdAt.toISOString(),
      }));
      return { count: total?.n ?? 0, results };
    },

    /** Assigns (or changes the kind of an existing assignment). `created` tells the two apart. */
    async assign(
      scope: OrganizationScope,
      userGuid: string,
      input: { client: string; kind: Kind },
      actor: AuditActor,
    ): Promise<{ created: boolean; assignment: ClientAssignment }> {
      return db.transaction(async (tx) => {
        const { user, membership } = await findMember(tx, scope.id, userGuid);
        const client = await orgClient(tx, scope.id, input.client);
        if (client.archivedAt) throw invalid('client', 'This client is archived.');
        const [existing] = await tx
          .select()
          .from(clientAssignmentList)
          .where(
            and(
              eq(clientAssignmentList.organizationUserId, membership.id),
              eq(clientAssignmentList.clientId, client.id),
            ),
          );
        let row = existing;
        if (!existing) {
          // undefined: a concurrent identical assignment won the race.
          row = await insertAssignment(tx, {
            organizationUserId: membership.id,
            clientId: client.id,
            kind: input.kind,
          });
          if (!row) throw conflict('This assignment was just changed by someone else. Try again.');
        } else if (existing.kind !== input.kind) {
          row = await setAssignmentKind(tx, existing.id, input.kind);
        }
        if (!row) throw new Error('assignment vanished');
        if (!existing || existing.kind !== input.kind) {
          await recordAudit(tx, actor, {
            action: existing ? 'client_assignment_updated' : 'client_assignment_created',
            objectType: 'client_assignment',
            objectGuid: row.guid,
            organizationId: scope.id,
            clientId: client.id,
            changes: existing
              ? { kind: { before: existing.kind, after: input.kind } }
              : {
                  user: { before: null, after: user.email },
                  client: { before: null, after: client.name },
                  kind: { before: null, after: input.kind },
                },
          });
        }
        return {
          created: !existing,
          assignment: {
            client: { guid: client.guid, name: client.name, archived: false },
            kind: row.kind,
            created_on: row.createdAt.toISOString(),
          },
        };
      });
    },

    async unassign(scope: OrganizationScope, userGuid: string, clientGuid: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const { user, membership } = await findMember(tx, scope.id, userGuid);
        const client = await orgClient(tx, scope.id, clientGuid);
        const removed = await deleteAssignment(tx, {
          organizationUserId: membership.id,
          clientId: client.id,
        });
        if (!removed) throw notFound('This user is not assigned to this client.');
        await recordAudit(tx, actor, {
          action: 'client_assignment_deleted',
          objectType: 'client_assignment',
          objectGuid: removed.guid,
          organizationId: scope.id,
          clientId: client.id,
          changes: {
            user: { before: user.email, after: null },
            client: { before: client.name, after: null },
            kind: { before: removed.kind, after: null },
          },
        });
      });
    },
  };
}
