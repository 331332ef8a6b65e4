import type { DbOrTx } from '../db.ts';
import { auditRecords, type FieldChanges } from './tables.ts';

export interface AuditEntry {
  action: string;
  objectType: string;
  objectGuid?: string | null;
  organizationId?: number | null;
  clientId?: number | null;
  changes?: FieldChanges;
  /** Overrides the request's caller (e.g. a sign-in, where nobody is signed in yet). */
  actorUserId?: number | null;
}

/** Who did it, as whom, from where (platform/http/request-context.ts takes it from the request). */
export interface AuditActor {
  actorUserId: number | null;
  maskedByUserId: number | null;
  requestId: string | null;
  ipAddress: string | null;
}

/** Writes one audit record. Call it with the write's transaction so both land or neither does. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditRecords).values({
    action: entry.action,
    objectType: entry.objectType,
    objectGuid: entry.objectGuid ?? null,
    organizationId: entry.organizationId ?? null,
    clientId: entry.clientId ?? null,
    changes: entry.changes ?? {},
    actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : actor.actorUserId,
    maskedByUserId: actor.maskedByUserId,
    requestId: actor.requestId,
    ipAddress: actor.ipAddress,
  });
}

/** The fields whose values differ between `before` and `after`, limited to `after`'s keys. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value))
      changes[key] = { before: before[key], after: value };
  }
  return changes;
}

/** Fields never copied into the trail. */
export const REDACTED = '[redacted]';
