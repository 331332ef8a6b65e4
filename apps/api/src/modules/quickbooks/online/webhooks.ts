import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import type { JobRunner } from '../../../platform/jobs/index.ts';
import { qboConnections, qboSyncs } from '../tables.ts';
import type { OnlineService } from './service.ts';

/**
 * QuickBooks' change notifications (decision 035). Intuit signs the raw body: `intuit-signature` is the
 * base64 HMAC-SHA256 of it with the app's verifier token. A verified notification queues an incremental
 * sync (CDC) of each connected entity of the companies it names, unless one is already waiting.
 */
export function verifySignature(
  verifierToken: string | null,
  body: string,
  signature: string | undefined,
): boolean {
  if (!verifierToken || !signature) return false;
  const expected = createHmac('sha256', verifierToken).update(body, 'utf8').digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Notification {
  eventNotifications?: { realmId?: unknown }[];
}

/** The companies a verified body names; null when it is not a notification. */
export function realmsOf(body: string): string[] | null {
  let parsed: Notification;
  try {
    parsed = JSON.parse(body) as Notification;
  } catch {
    return null;
  }
  if (!Array.isArray(parsed.eventNotifications)) return null;
  return [
    ...new Set(
      parsed.eventNotifications.map((n) => n.realmId).filter((r): r is string => typeof r === 'string'),
    ),
  ];
}

export async function syncForNotification(
  deps: { db: Db; jobs?: JobRunner | undefined; service: OnlineService },
  realms: string[],
): Promise<number> {
  if (realms.length === 0) return 0;
  const connections = await deps.db
    .select({ entityId: qboConnections.entityId })
    .from(qboConnections)
    .where(and(inArray(qboConnections.realmId, realms), eq(qboConnections.status, 'connected')));
  let queued = 0;
  for (const { entityId } of connections) {
    await deps.db.transaction(async (tx) => {
      const waiting = await tx
        .select({ id: qboSyncs.id })
        .from(qboSyncs)
        .where(and(eq(qboSyncs.entityId, entityId), eq(qboSyncs.status, 'queued')));
      if (waiting.length > 0) return;
      const [sync] = await tx
        .insert(qboSyncs)
        .values({ entityId, kind: 'webhook', status: 'queued' })
        .returning();
      if (sync && deps.jobs) {
        const jobId = await deps.jobs.sendInTransaction(tx, deps.service.queues.sync, { syncId: sync.id });
        await tx.update(qboSyncs).set({ jobId }).where(eq(qboSyncs.id, sync.id));
      }
      queued += 1;
    });
  }
  return queued;
}
