import type { FeedItem, LinkSetup } from '@bp/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { invalid } from '../../platform/domain-errors.ts';
import { auditWrite, entityIdOf, requireRecordWriter, type Tenant } from '../entities/index.ts';
import { aggregatorFailed, notFound, refused } from './errors.ts';
import type { FeedDeps } from './feed-deps.ts';
import type { FirstSyncRunner } from './first-sync-job.ts';
import { PlaidError } from './plaid-client.ts';
import { presentItems } from './reads.ts';
import { syncItem } from './sync.ts';
import { bankFeedItems, bankLinkSessions } from './tables.ts';

/** The aggregator's refusal as a clear answer; anything else goes on. */
async function underPlaid<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlaidError) throw aggregatorFailed(error.displayMessage ?? error.message);
    throw error;
  }
}

/**
 * Linking a client's bank (decision 036): Plaid's hosted Link everywhere. Setup creates a link token
 * with a completion redirect back to our page; the browser goes to the hosted page, the person consents
 * at their bank, comes back, and complete reads the finished session (/link/token/get), exchanges its
 * public token and keeps the access token sealed. No widget script runs in our page.
 */
export function linkService(feed: FeedDeps, firstSync: FirstSyncRunner | null = null) {
  const { db } = feed.deps.database;
  const webhookOf = () => feed.deps.config.findata.plaid?.webhookUrl ?? '';
  const clientNameOf = () => feed.deps.config.findata.plaid?.clientName ?? 'Bill Pay';
  /**
   * Where the hosted page sends the person back: our financial accounts page. A given address must be
   * of this app (PUBLIC_URL's origin) outside demo mode; Plaid also only accepts registered ones.
   */
  const redirectOf = (requested: string | undefined) => {
    const own = `${feed.deps.config.publicUrl}/financial-accounts?bank_link=done`;
    if (!requested) return own;
    const url = new URL(requested);
    const sameOrigin = url.origin === new URL(feed.deps.config.publicUrl).origin;
    if (!/^https?:$/.test(url.protocol) || (!sameOrigin && !feed.deps.config.demo))
      throw invalid('redirect_uri', 'Enter an address of this app.');
    return url.toString();
  };

  async function startSession(
    tenant: Tenant,
    userId: number,
    entityId: number,
    redirect: string | undefined,
    repair?: { itemId: number; accessToken: string },
  ): Promise<LinkSetup> {
    const plaid = feed.requirePlaid();
    const created = await underPlaid(() =>
      plaid.linkTokenCreate({
        client_name: clientNameOf(),
        // Plaid's user id is ours, never an e-mail or a name.
        user: { client_user_id: `client-${tenant.clientGuid}` },
        webhook: webhookOf(),
        completion_redirect_uri: redirectOf(redirect),
        ...(repair ? { access_token: repair.accessToken } : {}),
      }),
    );
    if (!created.hosted_link_url) throw aggregatorFailed('no hosted link page was returned');
    await db.insert(bankLinkSessions).values({
      clientId: tenant.clientId,
      entityId,
      itemId: repair?.itemId ?? null,
      linkToken: created.link_token,
      startedByUserId: userId,
    });
    return {
      link_token: created.link_token,
      hosted_link_url: created.hosted_link_url,
      expiration: created.expiration,
    };
  }

  async function itemOf(tenant: Tenant, itemGuid: string) {
    const [item] = await db
      .select()
      .from(bankFeedItems)
      .where(and(eq(bankFeedItems.clientId, tenant.clientId), eq(bankFeedItems.guid, itemGuid)));
    if (!item) throw notFound();
    return item;
  }

  return {
    async setup(tenant: Tenant, userId: number, entityGuid: string, redirect?: string): Promise<LinkSetup> {
      requireRecordWriter(tenant);
      const entityId = await entityIdOf(db, tenant.clientId, entityGuid);
      if (entityId === null) throw notFound();
      return startSession(tenant, userId, entityId, redirect);
    },

    async repair(tenant: Tenant, userId: number, itemGuid: string, redirect?: string): Promise<LinkSetup> {
      requireRecordWriter(tenant);
      const item = await itemOf(tenant, itemGuid);
      if (item.status === 'disconnected' || !item.accessTokenSealed)
        throw refused('conflict', 'item_disconnected', 'This link was disconnected: link the bank again.');
      return startSession(tenant, userId, item.entityId, redirect, {
        itemId: item.id,
        accessToken: feed.box.open(item.accessTokenSealed),
      });
    },

    /** Reads the finished hosted session, exchanges its public token(s), stores and syncs the items. */
    async complete(tenant: Tenant, userId: number, linkToken: string): Promise<{ items: FeedItem[] }> {
      requireRecordWriter(tenant);
      const plaid = feed.requirePlaid();
      const [session] = await db
        .select()
        .from(bankLinkSessions)
        .where(
          and(eq(bankLinkSessions.linkToken, linkToken), eq(bankLinkSessions.clientId, tenant.clientId)),
        );
      if (!session) throw notFound('This bank link was not started for this client.');
      if (session.completedAt)
        throw refused('conflict', 'link_completed', 'This bank link is already complete.');
      const got = await underPlaid(() => plaid.linkTokenGet(linkToken));
      const results = (got.link_sessions ?? []).flatMap((s) =>
        s.finished_at ? (s.results?.item_add_results ?? []) : [],
      );
      if (session.itemId !== null) {
        // Update mode: the person signed in again; the same item works from now on.
        await db.transaction(async (tx) => {
          await tx
            .update(bankLinkSessions)
            .set({ completedAt: feed.deps.now() })
            .where(eq(bankLinkSessions.id, session.id));
          await tx
            .update(bankFeedItems)
            .set({ status: 'active', errorCode: null })
            .where(
              and(eq(bankFeedItems.id, session.itemId as number), ne(bankFeedItems.status, 'disconnected')),
            );
          const [item] = await tx
            .select({ guid: bankFeedItems.guid })
            .from(bankFeedItems)
            .where(eq(bankFeedItems.id, session.itemId as number));
          await auditWrite(tx, tenant, {
            action: 'bank_link_repaired',
            objectType: 'bank_feed_item',
            objectGuid: item?.guid ?? '',
          });
        });
        const [item] = await db.select().from(bankFeedItems).where(eq(bankFeedItems.id, session.itemId));
        if (item) await syncItem(feed, item);
        return { items: await presentItems(db, tenant.clientId, item ? [item.id] : []) };
      }
      if (results.length === 0)
        throw refused('invalid', 'link_not_finished', 'The bank link was not finished: start it again.');
      const ids: number[] = [];
      for (const result of results) {
        const exchanged = await underPlaid(() => plaid.publicTokenExchange(result.public_token));
        const created = await db.transaction(async (tx) => {
          const [item] = await tx
            .insert(bankFeedItems)
            .values({
              clientId: tenant.clientId,
              entityId: session.entityId,
              providerItemId: exchanged.item_id,
              accessTokenSealed: feed.box.seal(exchanged.access_token),
              institutionName: result.institution?.name ?? null,
            })
            .onConflictDoNothing()
            .returning();
          await tx
            .update(bankLinkSessions)
            .set({ completedAt: feed.deps.now() })
            .where(eq(bankLinkSessions.id, session.id));
          if (!item) return item;
          await auditWrite(tx, tenant, {
            action: 'bank_linked',
            objectType: 'bank_feed_item',
            objectGuid: item.guid,
            changes: { institution: { before: null, after: item.institutionName } },
          });
          // The first sync on the job runner (decision 037): a long history does not hold the request.
          // Queued in this transaction, so no read ever sees the item without its job (the panel polls
          // while an item has one) and no job runs for an item that was not committed.
          if (firstSync) {
            const jobId = await firstSync.runner.sendInTransaction(
              tx,
              firstSync.queue,
              { itemId: item.id },
              { requestedByUserId: userId },
            );
            await tx
              .update(bankFeedItems)
              .set({ firstSyncJobId: jobId })
              .where(eq(bankFeedItems.id, item.id));
          }
          return item;
        });
        if (created) {
          ids.push(created.id);
          if (!firstSync) await syncItem(feed, created);
        }
      }
      return { items: await presentItems(db, tenant.clientId, ids) };
    },

    /** Data-pipeline disconnect: every live link of the entity removed at the aggregator, tokens erased. */
    async disconnect(tenant: Tenant, entityGuid: string): Promise<void> {
      requireRecordWriter(tenant);
      const entityId = await entityIdOf(db, tenant.clientId, entityGuid);
      if (entityId === null) throw notFound();
      const live = await db
        .select()
        .from(bankFeedItems)
        .where(and(eq(bankFeedItems.entityId, entityId), ne(bankFeedItems.status, 'disconnected')));
      const plaid = feed.plaid();
      for (const item of live) {
        if (plaid && item.accessTokenSealed) {
          // Removed at the aggregator first; an item it no longer knows is removed all the same.
          await plaid.itemRemove(feed.box.open(item.accessTokenSealed)).catch((error: unknown) => {
            if (!(error instanceof PlaidError)) throw error;
          });
        }
        await db.transaction(async (tx) => {
          await tx
            .update(bankFeedItems)
            .set({ status: 'disconnected', accessTokenSealed: null, cursor: null, errorCode: null })
            .where(eq(bankFeedItems.id, item.id));
          await auditWrite(tx, tenant, {
            action: 'bank_disconnected',
            objectType: 'bank_feed_item',
            objectGuid: item.guid,
            changes: { status: { before: item.status, after: 'disconnected' } },
          });
        });
      }
    },
  };
}
