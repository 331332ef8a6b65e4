import { and, eq } from 'drizzle-orm';
import type { AuditActor } from '../../../platform/audit/audit.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { JobContext, JobQueue } from '../../../platform/jobs/index.ts';
import { clientList } from '../../clients/index.ts';
import { notFound } from '../errors.ts';
import { qboBillExports, qboConnections, qboLinks, qboSyncs, type SyncResultItem } from '../tables.ts';
import { QboError } from './client.ts';
import type { Connections, OnlineDeps } from './connections.ts';
import { exportOne, exportPending, WAITING_FOR_BILL } from './export.ts';
import { pullCompany, toCents } from './import.ts';

/** Queue names: one sync of an entity; one export of a bill or payment. */
export const SYNC_QUEUE = 'quickbooks.sync';
export const EXPORT_QUEUE = 'quickbooks.export';

/** The runner's work: a sync of an entity (pull, book balance, push) and one export. */
export function createSyncRun(deps: OnlineDeps, c: Connections) {
  const { db, now } = deps;
  const { usableConnection, apiOf, entityFlags } = c;

  const queues = {
    sync: {
      name: SYNC_QUEUE,
      retry: { limit: 0, delaySeconds: 30, backoff: false },
      handler: async (data: { syncId: number }, context) => runSync(data.syncId, context),
    } satisfies JobQueue<{ syncId: number }>,
    export: {
      name: EXPORT_QUEUE,
      // Network trouble and 429s beyond the client's own retries come back here: back off and try again.
      retry: { limit: 5, delaySeconds: 30, backoff: true },
      handler: async (data: { exportId: number }) => runExport(data.exportId),
    } satisfies JobQueue<{ exportId: number }>,
  };

  async function exportContext(entityId: number) {
    const connection = await usableConnection(entityId);
    const entity = await entityFlags(entityId);
    return {
      db,
      api: apiOf(connection),
      now,
      useClasses: entity.isQboClass,
      paymentAccountQboId: connection.paymentAccountQboId,
    };
  }

  /** A job of the export queue: one bill or payment. */
  async function runExport(exportId: number) {
    const [row] = await db.select().from(qboBillExports).where(eq(qboBillExports.id, exportId));
    if (!row) return { result: null };
    const result = await exportOne(await exportContext(row.entityId), exportId);
    // A payment whose bill is still on its way: the runner tries it again after a back-off.
    if (result?.message === WAITING_FOR_BILL) throw new Error(WAITING_FOR_BILL);
    // A bill just sent: its payments that were waiting for it go now, not after their back-off
    // (30-60 s, then 60-120 s). A payment already sent or held by a worker is left alone by claim().
    if (row.kind === 'bill' && result?.action === 'created' && deps.jobs) {
      const waiting = await db
        .select({ id: qboBillExports.id })
        .from(qboBillExports)
        .where(
          and(
            eq(qboBillExports.billId, row.billId),
            eq(qboBillExports.kind, 'bill_payment'),
            eq(qboBillExports.status, 'pending'),
          ),
        );
      for (const payment of waiting) await deps.jobs.send(queues.export, { exportId: payment.id });
    }
    return { result };
  }

  /** The payment account's book balance, from QuickBooks' CurrentBalance of that account. */
  async function refreshBookBalance(connection: typeof qboConnections.$inferSelect) {
    let accountId = connection.paymentAccountQboId;
    if (!accountId) {
      // Until staff choose, the first active bank account read from QuickBooks pays the bills.
      const [bank] = await db
        .select({ qboId: qboLinks.qboId })
        .from(qboLinks)
        .where(
          and(
            eq(qboLinks.entityId, connection.entityId),
            eq(qboLinks.kind, 'account'),
            eq(qboLinks.qboType, 'Bank'),
          ),
        )
        .orderBy(qboLinks.id);
      accountId = bank?.qboId ?? null;
    }
    if (!accountId) return null;
    const [account] = await apiOf(connection).queryAll<{ CurrentBalance?: number }>(
      'Account',
      `Id = '${accountId.replace(/'/g, '')}'`,
    );
    const balance = account ? toCents(account.CurrentBalance) : null;
    await db
      .update(qboConnections)
      .set({ paymentAccountQboId: accountId, bookBalance: balance, bookBalanceAt: now(), updatedAt: now() })
      .where(eq(qboConnections.id, connection.id));
    return balance;
  }

  /** The sync job: pull (full or changes), book balance, push waiting exports; records the result list. */
  async function runSync(syncId: number, job?: JobContext) {
    const [sync] = await db.select().from(qboSyncs).where(eq(qboSyncs.id, syncId));
    if (sync?.status !== 'queued') return { skipped: true };
    const started = now();
    await db.update(qboSyncs).set({ status: 'running', startedAt: started }).where(eq(qboSyncs.id, syncId));
    const results: SyncResultItem[] = [];
    try {
      const connection = await usableConnection(sync.entityId);
      const entity = await entityFlags(sync.entityId);
      const [client] = await db.select().from(clientList).where(eq(clientList.id, entity.clientId));
      if (!client) throw notFound();
      const actor: AuditActor = {
        actorUserId: sync.requestedByUserId,
        maskedByUserId: null,
        requestId: sync.guid,
        ipAddress: null,
      };
      const tenant = {
        clientId: client.id,
        clientGuid: client.guid,
        organizationId: client.organizationId,
        via: 'staff' as const,
        clientUserId: null,
        clientRole: null,
        permissions: new Set<string>(),
        actor,
      };
      const api = apiOf(connection);
      // Progress for GET /v1/jobs/{id}; the partial result list for the entity page.
      const progress = async (done: number, total: number, message: string) => {
        await db
          .update(qboSyncs)
          .set({ results: [...results] })
          .where(eq(qboSyncs.id, syncId));
        await job?.progress(done, total, message);
      };
      if (sync.kind !== 'export') {
        results.push(
          ...(await pullCompany(
            { db, entityId: sync.entityId, tenant, vendorHook: deps.vendorHook, now },
            api,
            {
              since: sync.kind === 'full' ? null : connection.changedSince,
              classes: entity.isQboClass,
              progress,
            },
          )),
        );
        await refreshBookBalance(connection);
      }
      const fresh = await usableConnection(sync.entityId);
      results.push(
        ...(await exportPending(
          { db, api, now, useClasses: entity.isQboClass, paymentAccountQboId: fresh.paymentAccountQboId },
          sync.entityId,
        )),
      );
      const counts = countResults(results);
      await db.transaction(async (tx) => {
        await tx
          .update(qboSyncs)
          .set({ status: 'succeeded', results, counts, finishedAt: now() })
          .where(eq(qboSyncs.id, syncId));
        // CDC reaches 30 days back at most: the watermark is the start of this sync, so nothing changed
        // while it ran is missed.
        if (sync.kind !== 'export')
          await tx
            .update(qboConnections)
            .set({ changedSince: started })
            .where(eq(qboConnections.id, connection.id));
        await recordAudit(tx, actor, {
          action: 'quickbooks_synced',
          objectType: 'quickbooks_sync',
          objectGuid: sync.guid,
          organizationId: client.organizationId,
          clientId: client.id,
          changes: { counts: { before: null, after: counts } },
        });
      });
      return { counts };
    } catch (error) {
      const message =
        error instanceof QboError || (error instanceof Error && 'kind' in error && 'detail' in error)
          ? error.message
          : 'The sync stopped unexpectedly. Try again; if it keeps failing, contact support.';
      await db
        .update(qboSyncs)
        .set({ status: 'failed', error: message, results, counts: countResults(results), finishedAt: now() })
        .where(eq(qboSyncs.id, syncId));
      return { error: message };
    }
  }

  return { queues, runSync, runExport, refreshBookBalance };
}

function countResults(results: SyncResultItem[]) {
  const counts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  for (const r of results) counts[r.action] += 1;
  return counts;
}
