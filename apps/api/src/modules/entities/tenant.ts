import type { Permission } from '@bp/domain';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { FieldChanges } from '../../platform/audit/tables.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { forbidden } from './errors.ts';

/**
 * The client a request works on, as the access guard resolved it, and how the caller reaches it; the edge
 * builds it (http/tenant-of.ts).
 */
export interface Tenant {
  clientId: number;
  clientGuid: string;
  organizationId: number;
  via: 'staff' | 'client';
  /** Client users: their place on the client and role. */
  clientUserId: number | null;
  clientRole: string | null;
  /** Staff: their effective permissions. */
  permissions: ReadonlySet<string>;
  actor: AuditActor;
}

/** Staff holding any of `permissions`; anyone else is refused. */
export function requireStaffPermission(tenant: Tenant, ...permissions: Permission[]): void {
  if (tenant.via !== 'staff' || !permissions.some((p) => tenant.permissions.has(p))) throw forbidden();
}

/** Client-side roles that may write the client's own records (properties, contacts, document uploads). */
export const CLIENT_WRITER_ROLES: readonly string[] = ['client'];

/**
 * Writes open to staff (their permission is checked by the route's policy) and to client users with a
 * writer role. Observers are already refused by the policy's `write`.
 */
export function requireRecordWriter(tenant: Tenant): void {
  if (tenant.via === 'client' && !CLIENT_WRITER_ROLES.includes(tenant.clientRole ?? '')) throw forbidden();
}

/** One audit record of a write on this client, in the write's transaction. */
export function auditWrite(
  tx: DbOrTx,
  tenant: Tenant,
  entry: { action: string; objectType: string; objectGuid: string; changes?: FieldChanges },
): Promise<void> {
  return recordAudit(tx, tenant.actor, {
    ...entry,
    organizationId: tenant.organizationId,
    clientId: tenant.clientId,
  });
}

/** `{field: {before: null, after: value}}` for every field of a created object (guid aside). */
export function createdChanges(created: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, value] of Object.entries(created)) {
    if (key !== 'guid' && key !== 'created_on') changes[key] = { before: null, after: value };
  }
  return changes;
}

/** `{field: {before: value, after: null}}` for every field of a deleted object (guid aside). */
export function deletedChanges(deleted: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, value] of Object.entries(deleted)) {
    if (key !== 'guid' && key !== 'created_on') changes[key] = { before: value, after: null };
  }
  return changes;
}
