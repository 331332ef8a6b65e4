import type { QboSync } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { AuditActor } from '../../../platform/audit/audit.ts';
import type { QuickbooksOnlineConfig } from '../../../platform/config.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import type { JobRunner } from '../../../platform/jobs/index.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { entityList, type VendorWriteHook } from '../../entities/index.ts';
import { notFound, refused } from '../errors.ts';
import { qboConnections, type qboSyncs } from '../tables.ts';
import { qboApi } from './client.ts';
import { connectionTokens, RECONNECT_MESSAGE } from './tokens.ts';

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

/** What every online use case shares: the configuration, an entity's connection, an API client for it. */
export function createConnections(deps: OnlineDeps) {
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

  return { requireConfig, connectionOf, usableConnection, apiOf, presentSync, entityFlags };
}

export type Connections = ReturnType<typeof createConnections>;
