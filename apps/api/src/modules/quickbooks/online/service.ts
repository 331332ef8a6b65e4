import { createHash, randomBytes } from 'node:crypto';
import type { QboConnection, QboExportList, QboSync } from '@bp/contracts';
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { AuditActor } from '../../../platform/audit/audit.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { QuickbooksOnlineConfig } from '../../../platform/config.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import type { JobContext, JobQueue, JobRunner } from '../../../platform/jobs/index.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { billList } from '../../bill-core/index.ts';
import { clientList } from '../../clients/index.ts';
import { entityList, type VendorWriteHook } from '../../entities/index.ts';
import { conflict, notFound, refused } from '../errors.ts';
import {
  qboBillExports,
  qboConnections,
  qboLinks,
  qboOauthStates,
  qboSyncs,
  type SyncResultItem,
} from '../tables.ts';
import { QboError, qboApi, qboOAuth } from './client.ts';
import { exportOne, exportPending, WAITING_FOR_BILL } from './export.ts';
import { pullCompany, toCents } from './import.ts';
import { connectionTokens, RECONNECT_MESSAGE, tokenColumns } from './tokens.ts';

/** An entity the guard let the caller reach: its id, and the client's and organisation's. */
export interface EntityScope {
  entityId: number;
  entityGuid: string;
  clientId: number;
  clientGuid: string;
  organizationId: number;
  userId: number;
  actor: AuditActor;
}

export interface OnlineDeps {
  db: Db;
  config: QuickbooksOnlineConfig | undefined;
  box: SecretBox;
  vendorHook: VendorWriteHook;
  now: () => Date;
  /** The job runner; absent in tests that call the handlers themselves. */
  jobs?: JobRunner | undefined;
}

const NOT_CONFIGURED =
  'QuickBooks Online is not set up on this server: set QBO_CLIENT_ID and QBO_CLIENT_SECRET (see README).';
const STATE_TTL_MS = 10 * 60 * 1000;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Queue names: one sync of an entity; one export of a bill or payment. */
export const SYNC_QUEUE = 'quickbooks.sync';
export const EXPORT_QUEUE = 'quickbooks.export';

export function createOnlineService(deps: OnlineDeps) {
  const { db, box, now } = deps;

  function requireConfig(): QuickbooksOnlineConfig {
    if (!deps.config) throw refused('conflict', 'not_configured', NOT_CONFIGURED);
    return deps.config;
  }

  async function connectionOf(reader: DbOrTx, entityId: number) {
    const [row] = await reader.select().from(qboConnections).where(eq(qboConnections.entityId, entityId));
    return row ?? null;
  }

  async function usableConnection(entityId: number) {
    const row = await connectionOf(db, entityId);
    if (!row || row.status === 'disconnected')
      throw refused('conflict', 'not_connected', 'Connect this entity to QuickBooks Online first.');
    if (row.status === 'revoked')
      throw refused('conflict', 'reconnect_required', row.lastError ?? RECONNECT_MESSAGE);
    return row;
  }

  function apiOf(connection: { id: number; realmId: string }) {
    const config = requireConfig();
    return qboApi(config, connection.realmId, connectionTokens(db, config, box, connection.id, now));
  }

  function presentSync(row: typeof qboSyncs.$inferSelect): QboSync {
    return {
      guid: row.guid,
      kind: row.kind,
      status: row.status,
      job_id: row.jobId,
      counts: row.counts ?? { created: 0, updated: 0, skipped: 0, failed: 0 },
      results: row.results,
      error: row.error,
      created_on: row.createdAt.toISOString(),
      started_on: row.startedAt?.toISOString() ?? null,
      finished_on: row.finishedAt?.toISOString() ?? null,
    };
  }

  async function entityFlags(entityId: number) {
    const [entity] = await db.select().from(entityList).where(eq(entityList.id, entityId));
    if (!entity) throw notFound();
    return entity;
  }

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

  return {
    queues,
    runSync,
    runExport,
    refreshBookBalance,

    async connection(scope: EntityScope): Promise<QboConnection> {
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
    },

    /** Starts the OAuth dance: a state bound to this user and entity, and a PKCE verifier kept sealed. */
    async authorize(scope: EntityScope): Promise<{ authorize_url: string }> {
      const config = requireConfig();
      const state = randomBytes(24).toString('base64url');
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      await db.transaction(async (tx) => {
        await tx.delete(qboOauthStates).where(lt(qboOauthStates.expiresAt, now()));
        await tx.insert(qboOauthStates).values({
          stateHash: hash(state),
          entityId: scope.entityId,
          userId: scope.userId,
          sealedVerifier: box.seal(verifier),
          expiresAt: new Date(now().getTime() + STATE_TTL_MS),
        });
      });
      return { authorize_url: qboOAuth.authorizeUrl(config, state, challenge) };
    },

    /** Intuit sent the user back: checks the state, trades the code for tokens, stores them sealed. */
    async callback(scope: EntityScope, input: { code: string; state: string; realm_id: string }) {
      const config = requireConfig();
      const [pending] = await db
        .delete(qboOauthStates)
        .where(
          and(
            eq(qboOauthStates.stateHash, hash(input.state)),
            eq(qboOauthStates.entityId, scope.entityId),
            eq(qboOauthStates.userId, scope.userId),
            gt(qboOauthStates.expiresAt, now()),
          ),
        )
        .returning();
      if (!pending)
        throw refused(
          'invalid',
          'invalid_state',
          'This QuickBooks authorisation is not the one started here, or it expired. Connect again.',
        );
      const tokens = await qboOAuth
        .exchangeCode(config, input.code, box.open(pending.sealedVerifier))
        .catch((error: unknown) => {
          throw refused(
            'invalid',
            'authorization_failed',
            error instanceof QboError ? error.message : 'QuickBooks refused the authorisation.',
          );
        });
      const at = now();
      const existing = await connectionOf(db, scope.entityId);
      const fields = {
        realmId: input.realm_id,
        status: 'connected' as const,
        ...tokenColumns(box, tokens, at),
        lastError: null,
        connectedByUserId: scope.userId,
        connectedAt: at,
        updatedAt: at,
        // Another company: what was read from the previous one says nothing of this one.
        ...(existing && existing.realmId !== input.realm_id
          ? { changedSince: null, paymentAccountQboId: null, bookBalance: null }
          : {}),
      };
      const connectionId = await db.transaction(async (tx) => {
        const [row] = existing
          ? await tx.update(qboConnections).set(fields).where(eq(qboConnections.id, existing.id)).returning()
          : await tx
              .insert(qboConnections)
              .values({ entityId: scope.entityId, ...fields })
              .returning();
        if (!row) throw new Error('connection write returned nothing');
        await recordAudit(tx, scope.actor, {
          action: 'quickbooks_connected',
          objectType: 'quickbooks_connection',
          objectGuid: row.guid,
          organizationId: scope.organizationId,
          clientId: scope.clientId,
          changes: { realm_id: { before: existing?.realmId ?? null, after: input.realm_id } },
        });
        return row.id;
      });
      const name = await qboApi(config, input.realm_id, connectionTokens(db, config, box, connectionId, now))
        .companyName()
        .catch(() => null);
      if (name)
        await db.update(qboConnections).set({ companyName: name }).where(eq(qboConnections.id, connectionId));
      return this.connection(scope);
    },

    /** Revokes the grant at Intuit, then forgets the tokens. */
    async disconnect(scope: EntityScope) {
      const row = await connectionOf(db, scope.entityId);
      if (!row || row.status === 'disconnected')
        throw notFound('This entity is not connected to QuickBooks Online.');
      if (row.sealedTokens && deps.config) {
        const tokens = JSON.parse(box.open(row.sealedTokens)) as { refresh_token: string };
        await qboOAuth.revoke(deps.config, tokens.refresh_token).catch((error: unknown) => {
          throw refused(
            'conflict',
            'revoke_failed',
            error instanceof Error ? error.message : 'QuickBooks could not revoke the connection.',
          );
        });
      }
      await db.transaction(async (tx) => {
        await tx
          .update(qboConnections)
          .set({
            status: 'disconnected',
            sealedTokens: null,
            accessExpiresAt: null,
            refreshExpiresAt: null,
            lastError: null,
            updatedAt: now(),
          })
          .where(eq(qboConnections.id, row.id));
        await recordAudit(tx, scope.actor, {
          action: 'quickbooks_disconnected',
          objectType: 'quickbooks_connection',
          objectGuid: row.guid,
          organizationId: scope.organizationId,
          clientId: scope.clientId,
        });
      });
    },

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
      const connection = await usableConnection(scope.entityId);
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
        connection.paymentAccountQboId = input.payment_account_id;
      }
      try {
        await refreshBookBalance(connection);
      } catch (error) {
        if (error instanceof QboError) throw refused('conflict', 'quickbooks_error', error.message);
        throw error;
      }
      return this.connection(scope);
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

function countResults(results: SyncResultItem[]) {
  const counts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  for (const r of results) counts[r.action] += 1;
  return counts;
}

export type OnlineService = ReturnType<typeof createOnlineService>;
