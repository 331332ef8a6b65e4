import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { notFound, refused } from '../errors.ts';
import { qboConnections, qboOauthStates } from '../tables.ts';
import { QboError, qboApi, qboOAuth } from './client.ts';
import type { Connections, EntityScope, OnlineDeps } from './connections.ts';
import { connectionTokens, tokenColumns } from './tokens.ts';

const STATE_TTL_MS = 10 * 60 * 1000;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Connecting an entity (OAuth 2.0 authorization code with PKCE) and disconnecting it. */
export function createOAuth(deps: OnlineDeps, c: Connections) {
  const { db, box, now } = deps;
  const { requireConfig, connectionOf } = c;

  return {
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
      return connectionId;
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
  };
}
