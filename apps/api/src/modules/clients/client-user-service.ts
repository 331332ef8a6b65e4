import { CLIENT_USER_ORDERING_FIELDS, type ClientUser, type PatchClientUserRequest } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type PageWindow, parseOrdering } from '../../platform/pagination.ts';
import { assertMayManage } from './client-user-access.ts';
import { clientUserById, clientUsersOf, findClientUser, toClientUser } from './client-user-repo.ts';
import { notFound } from './errors.ts';
import { clientUsers } from './tables.ts';

/** The fields of a client user an edit compares and the audit trail records. */
function editable(user: ClientUser): Required<PatchClientUserRequest> {
  return {
    role: user.role,
    client_relation: user.client_relation,
    nickname: user.nickname,
    approval_limit: user.approval_limit,
    should_update: user.should_update,
    is_qbo_class: user.is_qbo_class,
  };
}

/** Audit entries of client-user writes carry the client's organisation and the client. */
export const auditScope = (scope: ClientScope) => ({
  organizationId: scope.organizationId,
  clientId: scope.id,
});

/** Locks and returns the client's user, or 404 when it is not this client's. */
export async function lockClientUser(tx: DbOrTx, scope: ClientScope, clientUserGuid: string) {
  const [locked] = await tx
    .select({ id: clientUsers.id })
    .from(clientUsers)
    .where(and(eq(clientUsers.clientId, scope.id), eq(clientUsers.guid, clientUserGuid)))
    .for('update');
  const row = locked ? await clientUserById(tx, locked.id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** Reading, editing and removing a client's app users. */
export function createClientUserService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  return {
    list(scope: ClientScope, query: { window: PageWindow; search?: string | undefined; ordering?: string }) {
      return clientUsersOf(db, scope.id, {
        window: query.window,
        search: query.search,
        ordering: parseOrdering(query.ordering, CLIENT_USER_ORDERING_FIELDS, { field: 'name', desc: false }),
      });
    },

    async get(scope: ClientScope, clientUserGuid: string): Promise<ClientUser> {
      const row = await findClientUser(db, scope.id, clientUserGuid);
      if (!row) throw notFound();
      return toClientUser(row);
    },

    /** Writes and audits only the fields whose values change. */
    async patch(
      scope: ClientScope,
      clientUserGuid: string,
      input: PatchClientUserRequest,
      actor: AuditActor,
    ): Promise<ClientUser> {
      return db.transaction(async (tx) => {
        const row = await lockClientUser(tx, scope, clientUserGuid);
        const before = toClientUser(row);
        const wanted = { ...input, nickname: input.nickname === '' ? null : input.nickname };
        const changes = diffFields(editable(before), wanted);
        const changed = (key: keyof PatchClientUserRequest) => key in changes;
        assertMayManage(
          scope,
          { id: row.link.id, role: row.link.role },
          { role: changed('role') ? input.role : undefined, limits: changed('approval_limit') },
        );
        if (Object.keys(changes).length === 0) return before;
        await tx
          .update(clientUsers)
          .set({
            ...(changed('role') ? { role: input.role } : {}),
            ...(changed('client_relation') ? { clientRelation: input.client_relation } : {}),
            ...(changed('nickname') ? { nickname: wanted.nickname ?? null } : {}),
            ...(changed('approval_limit') ? { approvalLimit: input.approval_limit } : {}),
            ...(changed('should_update') ? { shouldUpdate: input.should_update } : {}),
            ...(changed('is_qbo_class') ? { isQboClass: input.is_qbo_class } : {}),
            updatedAt: now(),
          })
          .where(eq(clientUsers.id, row.link.id));
        await recordAudit(tx, actor, {
          action: 'client_user_updated',
          objectType: 'client_user',
          objectGuid: clientUserGuid,
          ...auditScope(scope),
          changes,
        });
        const updated = await clientUserById(tx, row.link.id);
        return toClientUser(updated ?? row);
      });
    },

    /** Removes the person from the client (its designations go with it); the person's account stays. */
    async remove(scope: ClientScope, clientUserGuid: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockClientUser(tx, scope, clientUserGuid);
        assertMayManage(scope, { id: row.link.id, role: row.link.role }, { remove: true });
        await tx.delete(clientUsers).where(eq(clientUsers.id, row.link.id));
        await recordAudit(tx, actor, {
          action: 'client_user_removed',
          objectType: 'client_user',
          objectGuid: clientUserGuid,
          ...auditScope(scope),
          changes: {
            user: { before: row.user.email, after: null },
            role: { before: row.link.role, after: null },
          },
        });
      });
    },
  };
}
