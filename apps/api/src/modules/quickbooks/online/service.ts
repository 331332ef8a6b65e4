import type { QboConnection, QboExportList, QboSync } from '@bp/contracts';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db.ts';
import type { JobRunner } from '../../../platform/jobs/index.ts';
import { billList } from '../../bill-core/index.ts';
import { conflict, notFound, refused } from '../errors.ts';
import { qboBillExports, qboLinks, qboSyncs } from '../tables.ts';
import { QboError } from './client.ts';
import { type Connections, createConnections, type EntityScope, type OnlineDeps } from './connections.ts';
import { createOAuth } from './oauth.ts';
import { createSyncRun } from './sync-run.ts';

export { EXPORT_QUEUE, SYNC_QUEUE } from './sync-run.ts';
export type { EntityScope, OnlineDeps };

/** QuickBooks Online for the routes and the runner (decision 035). */
export function createOnlineService(deps: OnlineDeps) {
  const { db, now } = deps;
  const c: Connections = createConnections(deps);
  const { connectionOf, usableConnection, presentSync } = c;
  const { queues, runSync, runExport, refreshBookBalance } = createSyncRun(deps, c);
  const oauth = createOAuth(deps, c);

  /** The entity's connection as staff see it, with its last sync. */
  async function connection(scope: EntityScope): Promise<QboConnection> {
    const row = await connectionOf(db, scope.entityId);
    const [last] = await db
      .select()
      .from(qboSyncs)
      .where(eq(qboSyncs.entityId, scope.entityId))
      .orderBy(desc(qboSyncs.createdAt), desc(qboSyncs.id))
      .limit(1);
    const [waiting] = await db
      .select({ n: count() })
      .from(qboBillExports)
      .where(and(eq(qboBillExports.entityId, scope.entityId), eq(qboBillExports.status, 'pending')));
    return {
      configured: deps.config !== undefined,
      status: row?.status ?? 'not_connected',
      realm_id: row && row.status !== 'disconnected' ? row.realmId : null,
      company_name: row && row.status !== 'disconnected' ? row.companyName : null,
      connected_on: row?.connectedAt.toISOString() ?? null,
      error: row?.lastError ?? null,
      payment_account_id: row?.paymentAccountQboId ?? null,
      book_balance: row?.bookBalance ?? null,
      book_balance_on: row?.bookBalanceAt?.toISOString() ?? null,
      last_sync: last ? presentSync(last) : null,
      exports_waiting: waiting?.n ?? 0,
    };
  }

  return {
    queues,
    runSync,
    runExport,
    refreshBookBalance,
    connection,
    authorize: oauth.authorize,
    async callback(scope: EntityScope, input: { code: string; state: string; realm_id: string }) {
      await oauth.callback(scope, input);
      return connection(scope);
    },
    disconnect: oauth.disconnect,

    /** Queues a sync of the entity on the job runner; its progress and results are read from the sync. */
    async startSync(scope: EntityScope, input: { full?: boolean | undefined }): Promise<QboSync> {
      const connection = await usableConnection(scope.entityId);
      const running = await db
        .select({ id: qboSyncs.id })
        .from(qboSyncs)
        .where(
          and(
            eq(qboSyncs.entityId, scope.entityId),
            eq(qboSyncs.status, 'running'),
            gt(qboSyncs.createdAt, new Date(now().getTime() - 15 * 60 * 1000)),
          ),
        );
      if (running.length > 0) throw conflict('A sync of this entity is already running.', 'sync_running');
      const kind = input.full || !connection.changedSince ? 'full' : 'incremental';
      const row = await db.transaction(async (tx) => {
        const [sync] = await tx
          .insert(qboSyncs)
          .values({ entityId: scope.entityId, kind, status: 'queued', requestedByUserId: scope.userId })
          .returning();
        if (!sync) throw new Error('sync insert returned nothing');
        if (deps.jobs) {
          const jobId = await deps.jobs.sendInTransaction(
            tx,
            queues.sync,
            { syncId: sync.id },
            { requestedByUserId: scope.userId },
          );
          await tx.update(qboSyncs).set({ jobId }).where(eq(qboSyncs.id, sync.id));
          return { ...sync, jobId };
        }
        return sync;
      });
      return presentSync(row);
    },

    async getSync(scope: EntityScope, syncGuid: string): Promise<QboSync> {
      const [row] = await db
        .select()
        .from(qboSyncs)
        .where(and(eq(qboSyncs.guid, syncGuid), eq(qboSyncs.entityId, scope.entityId)));
      if (!row) throw notFound();
      return presentSync(row);
    },

    async listSyncs(scope: EntityScope, page: { offset: number; limit: number }) {
      const where = eq(qboSyncs.entityId, scope.entityId);
      const [total] = await db.select({ n: count() }).from(qboSyncs).where(where);
      const rows = await db
        .select()
        .from(qboSyncs)
        .where(where)
        .orderBy(desc(qboSyncs.createdAt), desc(qboSyncs.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, results: rows.map(presentSync) };
    },

    async listExports(
      scope: EntityScope,
      page: { offset: number; limit: number },
    ): Promise<Omit<QboExportList, 'next' | 'previous'>> {
      const where = eq(qboBillExports.entityId, scope.entityId);
      const [total] = await db.select({ n: count() }).from(qboBillExports).where(where);
      const rows = await db
        .select({
          row: qboBillExports,
          billGuid: billList.guid,
          invoiceNumber: billList.invoiceNumber,
          amount: billList.amount,
        })
        .from(qboBillExports)
        .innerJoin(billList, eq(billList.id, qboBillExports.billId))
        .where(where)
        .orderBy(desc(qboBillExports.id))
        .limit(page.limit)
        .offset(page.offset);
      return {
        count: total?.n ?? 0,
        results: rows.map(({ row, billGuid, invoiceNumber, amount }) => ({
          guid: row.guid,
          bill: billGuid,
          invoice_number: invoiceNumber,
          amount,
          kind: row.kind,
          status: row.status,
          qbo_id: row.qboId,
          attempts: row.attempts,
          error: row.error,
          exported_on: row.exportedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Book-balance sync: the payment account's balance now (a quick call, not a job). */
    async bookBalance(scope: EntityScope, input: { payment_account_id?: string | undefined }) {
      const current = await usableConnection(scope.entityId);
      if (input.payment_account_id !== undefined) {
        const [link] = await db
          .select()
          .from(qboLinks)
          .where(
            and(
              eq(qboLinks.entityId, scope.entityId),
              eq(qboLinks.kind, 'account'),
              eq(qboLinks.qboId, input.payment_account_id),
            ),
          );
        if (link?.qboType !== 'Bank')
          throw refused('invalid', 'not_a_bank_account', 'Choose a bank account read from QuickBooks.');
        current.paymentAccountQboId = input.payment_account_id;
      }
      try {
        await refreshBookBalance(current);
      } catch (error) {
        if (error instanceof QboError) throw refused('conflict', 'quickbooks_error', error.message);
        throw error;
      }
      return connection(scope);
    },

    /** Sends the job of an export recorded by a transition (called in that transaction). */
    async sendExport(tx: DbOrTx, exportId: number) {
      if (deps.jobs)
        await deps.jobs.sendInTransaction(
          tx as Parameters<JobRunner['sendInTransaction']>[0],
          queues.export,
          { exportId },
        );
    },
  };
}

export type OnlineService = ReturnType<typeof createOnlineService>;
