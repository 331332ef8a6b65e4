import type { AuditActor } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type SecretBox, secretBox } from '../../platform/secret-box.ts';
import { notConfigured } from './errors.ts';
import { type PlaidClient, plaidClient } from './plaid-client.ts';

/** What the bank-feed services are built from. The provider's settings are read at each call. */
export interface FeedDeps {
  deps: Pick<AppDeps, 'config' | 'database' | 'storage' | 'now'>;
  /** The access tokens' box: sealed at rest, opened only to call the aggregator. */
  box: SecretBox;
  plaid(): PlaidClient | null;
  requirePlaid(): PlaidClient;
}

export function feedDeps(deps: FeedDeps['deps']): FeedDeps {
  const box = secretBox(deps.config.secrets.key, 'bank-feeds access token', deps.config.secrets.previousKeys);
  const plaid = () => {
    const settings = deps.config.findata.plaid;
    return settings ? plaidClient(settings) : null;
  };
  return {
    deps,
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
