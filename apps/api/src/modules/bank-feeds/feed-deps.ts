import type { AuditActor } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type SecretBox, secretBox } from '../../platform/secret-box.ts';
import { notConfigured } from './errors.ts';
import { type PlaidClient, plaidClient } from './plaid-client.ts';

/**
 * Port: fed lines just arrived posted in an entity's books account (their books line ids); the books'
 * feeder rules run on them in the sync's transaction. Wired by app.ts and server.ts (decision 037).
 */
export type LinesArrived = (
  tx: DbOrTx,
  arrival: { clientId: number; organizationId: number; entityId: number; lineIds: number[]; now: Date },
) => Promise<number>;

export interface FeedPorts {
  linesArrived?: LinesArrived | undefined;
}

/** What the bank-feed services are built from. The provider's settings are read at each call. */
export interface FeedDeps {
  deps: Pick<AppDeps, 'config' | 'database' | 'storage' | 'now'>;
  ports: FeedPorts;
  /** The access tokens' box: sealed at rest, opened only to call the aggregator. */
  box: SecretBox;
  plaid(): PlaidClient | null;
  requirePlaid(): PlaidClient;
}

export function feedDeps(deps: FeedDeps['deps'], ports: FeedPorts = {}): FeedDeps {
  const box = secretBox(deps.config.secrets.key, 'bank-feeds access token', deps.config.secrets.previousKeys);
  const plaid = () => {
    const settings = deps.config.findata.plaid;
    return settings ? plaidClient(settings) : null;
  };
  return {
    deps,
    ports,
    box,
    plaid,
    requirePlaid() {
      const client = plaid();
      if (!client) throw notConfigured();
      return client;
    },
  };
}

/** Work the server does on its own (a webhook, the schedule): nobody to name in the audit trail. */
export const SYSTEM_ACTOR: AuditActor = {
  actorUserId: null,
  maskedByUserId: null,
  requestId: null,
  ipAddress: null,
};
