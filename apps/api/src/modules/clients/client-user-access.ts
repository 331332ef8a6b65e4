import type { ClientScope } from '../../platform/access.ts';
import { forbidden } from './errors.ts';

/** Roles a client-side 'client' user may give and manage on its own client. */
export const CLIENT_MANAGEABLE_ROLES: readonly string[] = ['designee', 'observer'];

export interface ManagedChange {
  /** The role the target would have afterwards (an invitation's role, or a new role). */
  role?: string | undefined;
  /** Changes the target's limits (approval limit, designated entities and vendors, excluded vendors). */
  limits?: boolean;
  /** Removes the target from the client. */
  remove?: boolean;
}

/**
 * Who may manage a client's app users, beyond the route's guard (which already refused observers and
 * checked staff's `client_users.manage`):
 * - staff of the client's organisation: anyone;
 * - a client-side user with role 'client': designees and observers of its own client, only as designees
 *   or observers; itself only for its own details (never its role, limits, or removal);
 * - other client-side roles (designee, reviewer, exec): nobody.
 * `target` is null for a new invitation.
 */
export function assertMayManage(
  scope: ClientScope,
  target: { id: number; role: string } | null,
  change: ManagedChange,
): void {
  if (scope.via === 'staff') return;
  if (scope.clientRole !== 'client')
    throw forbidden('Only the client or its service team can manage app users.');
  if (target && target.id === scope.clientUserId) {
    if (change.remove) throw forbidden('You cannot remove yourself from this client.');
    if (change.role !== undefined && change.role !== target.role)
      throw forbidden('You cannot change your own role.');
    if (change.limits) throw forbidden('You cannot change your own limits.');
    return;
  }
  if (target && !CLIENT_MANAGEABLE_ROLES.includes(target.role))
    throw forbidden('You can manage designees and observers only.');
  if (change.role !== undefined && !CLIENT_MANAGEABLE_ROLES.includes(change.role))
    throw forbidden('You can give the designee or observer role only.');
}
