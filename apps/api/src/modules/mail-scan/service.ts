import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Mailbox } from '@bp/contracts';
import { and, asc, count, desc, eq, isNotNull, max } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { type SecretBox, secretBox } from '../../platform/secret-box.ts';
import { detectDocumentType, sanitizeFileName } from '../client-records/index.ts';
import { clientList } from '../clients/index.ts';
import { fileScannedMail } from '../inbox/index.ts';
import { type MailPiece, type MailScanClient, MailScanError, mailScanClient } from './ecm-client.ts';
import { notConnected, notFound, refused } from './errors.ts';
import { mailScanConnections, mailScanMailboxes, mailScanPieces } from './tables.ts';

type Deps = Pick<AppDeps, 'config' | 'database' | 'storage' | 'now'>;
type Org = { organizationId: number; actor: AuditActor };

/**
 * The mail-scan service (Earth Class Mail, decision 036): an organisation connects its account (API key
 * sealed), files each mailbox into one of its clients, and every scanned piece of an assigned mailbox,
 * by webhook or by polling, becomes a pre-bill inbox e-mail of source mail_scan with its scan attached.
 * A piece is filed once: (mailbox, piece id) is unique.
 */
export function mailScanService(deps: Deps) {
  const { db } = deps.database;
  const box: SecretBox = secretBox(
    deps.config.secrets.key,
    'mail-scan api key',
    deps.config.secrets.previousKeys,
  );
  const clientFor = (apiKey: string) => mailScanClient(deps.config.findata.mailScan.baseUrl, apiKey);

  async function connectionOf(organizationId: number): Promise<MailScanClient | null> {
    const [row] = await db
      .select()
      .from(mailScanConnections)
      .where(eq(mailScanConnections.organizationId, organizationId));
    return row ? clientFor(box.open(row.apiKeySealed)) : null;
  }

  /** The service's mailboxes, kept in step with ours (new ones added unassigned, names refreshed). */
  async function refreshMailboxes(organizationId: number, service: MailScanClient) {
    for (const inbox of await service.inboxes()) {
      await db
        .insert(mailScanMailboxes)
        .values({ organizationId, providerMailboxId: String(inbox.id), name: inbox.name })
        .onConflictDoUpdate({
          target: [mailScanMailboxes.organizationId, mailScanMailboxes.providerMailboxId],
          set: { name: inbox.name },
        });
    }
  }

  async function listMailboxes(where: ReturnType<typeof eq>): Promise<Mailbox[]> {
    const rows = await db
      .select({
        mailboxId: mailScanMailboxes.providerMailboxId,
        name: mailScanMailboxes.name,
        clientGuid: clientList.guid,
        clientName: clientList.name,
        pieces: count(mailScanPieces.id),
        last: max(mailScanPieces.receivedAt),
      })
      .from(mailScanMailboxes)
      .leftJoin(clientList, eq(clientList.id, mailScanMailboxes.clientId))
      .leftJoin(mailScanPieces, eq(mailScanPieces.mailboxId, mailScanMailboxes.id))
      .where(where)
      .groupBy(mailScanMailboxes.id, clientList.guid, clientList.name)
      .orderBy(asc(mailScanMailboxes.name), asc(mailScanMailboxes.id));
    return rows.map((r) => ({
      mailbox_id: r.mailboxId,
      name: r.name,
      client_guid: r.clientGuid ?? null,
      client_name: r.clientName ?? null,
      pieces_received: Number(r.pieces),
      last_piece_at: r.last ? new Date(r.last).toISOString() : null,
    }));
  }

  /** Files one piece of a mailbox assigned to a client; false when it was filed before or has no scan. */
  async function filePiece(
    service: MailScanClient,
    mailbox: typeof mailScanMailboxes.$inferSelect,
    piece: MailPiece,
  ): Promise<boolean> {
    if (mailbox.clientId === null) return false;
    const clientId = mailbox.clientId;
    const [known] = await db
      .select({ id: mailScanPieces.id })
      .from(mailScanPieces)
      .where(
        and(eq(mailScanPieces.mailboxId, mailbox.id), eq(mailScanPieces.providerPieceId, String(piece.id))),
      );
    if (known) return false;
    const scan = (piece.media ?? []).find((m) => m.content_type === 'application/pdf') ?? piece.media?.[0];
    if (!scan) return false;
    const data = await service.download(scan.url);
    // Checked by content like any upload: a file we would refuse by hand is not filed either.
    const mimeType = await detectDocumentType(data);
    if (!mimeType) return false;
    const key = `inbox/mail-scan/${mailbox.guid}/${sanitizeFileName(String(piece.id))}`;
    await deps.storage.put(key, data);
    const sender = piece.sender_name?.trim() || null;
    const receivedAt = new Date(piece.created_at);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailScanPieces)
        .values({
          mailboxId: mailbox.id,
          providerPieceId: String(piece.id),
          clientId,
          senderName: sender,
          receivedAt,
        })
        .onConflictDoNothing()
        .returning({ id: mailScanPieces.id });
      // Another poll or the webhook filed it meanwhile.
      if (!row) return false;
      const email = await fileScannedMail(tx, {
        clientId,
        fromName: sender,
        subject: `Scanned mail${sender ? ` from ${sender}` : ''} (${mailbox.name})`,
        receivedAt,
        file: {
          fileName: `scan-${sanitizeFileName(String(piece.id))}.${mimeType === 'application/pdf' ? 'pdf' : 'bin'}`,
          mimeType,
          sizeBytes: data.length,
          storageKey: key,
        },
      });
      await tx.update(mailScanPieces).set({ inboxEmailId: email.id }).where(eq(mailScanPieces.id, row.id));
      return true;
    });
  }

  async function pollMailbox(service: MailScanClient, mailbox: typeof mailScanMailboxes.$inferSelect) {
    const [latest] = await db
      .select({ at: max(mailScanPieces.receivedAt) })
      .from(mailScanPieces)
      .where(eq(mailScanPieces.mailboxId, mailbox.id));
    const after = latest?.at ? new Date(latest.at).toISOString() : null;
    let received = 0;
    let skipped = 0;
    for (const piece of await service.pieces(mailbox.providerMailboxId, after)) {
      if (await filePiece(service, mailbox, piece)) received += 1;
      else skipped += 1;
    }
    await db
      .update(mailScanMailboxes)
      .set({ lastPolledAt: deps.now() })
      .where(eq(mailScanMailboxes.id, mailbox.id));
    return { received, skipped };
  }

  const underService = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof MailScanError)
        throw refused(
          'unprocessable',
          'mail_service_error',
          `The mail-scan service refused: ${error.message}`,
        );
      throw error;
    }
  };

  return {
    async status(organizationId: number) {
      const service = await connectionOf(organizationId);
      const [boxes] = await db
        .select({ n: count() })
        .from(mailScanMailboxes)
        .where(eq(mailScanMailboxes.organizationId, organizationId));
      if (!service)
        return {
          configured: false,
          reachable: false,
          detail: 'Not connected.',
          mailbox_count: boxes?.n ?? 0,
        };
      try {
        await service.whoami();
        return { configured: true, reachable: true, detail: 'Connected.', mailbox_count: boxes?.n ?? 0 };
      } catch (error) {
        const detail =
          error instanceof MailScanError
            ? `The service answered: ${error.message}`
            : 'The service cannot be reached.';
        return { configured: true, reachable: false, detail, mailbox_count: boxes?.n ?? 0 };
      }
    },

    async connect(org: Org, apiKey: string) {
      const service = clientFor(apiKey);
      try {
        await service.whoami();
      } catch (error) {
        if (error instanceof MailScanError && (error.status === 401 || error.status === 403))
          throw invalid('api_key', 'The mail-scan service did not accept this API key.');
        throw refused('unprocessable', 'mail_service_error', 'The mail-scan service cannot be reached.');
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(mailScanConnections)
          .values({ organizationId: org.organizationId, apiKeySealed: box.seal(apiKey) })
          .onConflictDoUpdate({
            target: mailScanConnections.organizationId,
            set: { apiKeySealed: box.seal(apiKey) },
          });
        // Never the key itself in the audit trail.
        await recordAudit(tx, org.actor, {
          action: 'mail_service_connected',
          objectType: 'organization',
          organizationId: org.organizationId,
        });
      });
      await underService(() => refreshMailboxes(org.organizationId, service));
      return this.status(org.organizationId);
    },

    async disconnect(org: Org) {
      await db.transaction(async (tx) => {
        await tx
          .delete(mailScanConnections)
          .where(eq(mailScanConnections.organizationId, org.organizationId));
        await recordAudit(tx, org.actor, {
          action: 'mail_service_disconnected',
          objectType: 'organization',
          organizationId: org.organizationId,
        });
      });
    },

    async mailboxes(organizationId: number) {
      const service = await connectionOf(organizationId);
      if (service) await underService(() => refreshMailboxes(organizationId, service));
      return { results: await listMailboxes(eq(mailScanMailboxes.organizationId, organizationId)) };
    },

    clientMailboxes: async (clientId: number) => ({
      results: await listMailboxes(eq(mailScanMailboxes.clientId, clientId)),
    }),

    async assign(org: Org, providerMailboxId: string, clientGuid: string | null) {
      const [mailbox] = await db
        .select()
        .from(mailScanMailboxes)
        .where(
          and(
            eq(mailScanMailboxes.organizationId, org.organizationId),
            eq(mailScanMailboxes.providerMailboxId, providerMailboxId),
          ),
        );
      if (!mailbox) throw notFound();
      let clientId: number | null = null;
      if (clientGuid !== null) {
        const [client] = await db
          .select({ id: clientList.id })
          .from(clientList)
          .where(and(eq(clientList.guid, clientGuid), eq(clientList.organizationId, org.organizationId)));
        if (!client) throw invalid('client_guid', 'Choose a client of this organisation.');
        clientId = client.id;
      }
      await db.transaction(async (tx) => {
        await tx.update(mailScanMailboxes).set({ clientId }).where(eq(mailScanMailboxes.id, mailbox.id));
        await recordAudit(tx, org.actor, {
          action: 'mail_service_mailbox_assigned',
          objectType: 'mail_scan_mailbox',
          objectGuid: mailbox.guid,
          organizationId: org.organizationId,
          changes: { client: { before: mailbox.clientId, after: clientId } },
        });
      });
      return { results: await listMailboxes(eq(mailScanMailboxes.organizationId, org.organizationId)) };
    },

    /** Pieces scanned since the last one received, from every assigned mailbox of the organisation. */
    async poll(organizationId: number) {
      const service = await connectionOf(organizationId);
      if (!service) throw notConnected();
      const boxes = await db
        .select()
        .from(mailScanMailboxes)
        .where(
          and(eq(mailScanMailboxes.organizationId, organizationId), isNotNull(mailScanMailboxes.clientId)),
        );
      let received = 0;
      let skipped = 0;
      for (const mailbox of boxes) {
        const result = await underService(() => pollMailbox(service, mailbox));
        received += result.received;
        skipped += result.skipped;
      }
      return { received, skipped };
    },

    /** Every connected organisation (the schedule); the webhook brings pieces sooner. */
    async pollAll() {
      let received = 0;
      for (const { organizationId } of await db
        .select({ organizationId: mailScanConnections.organizationId })
        .from(mailScanConnections)) {
        try {
          received += (await this.poll(organizationId)).received;
        } catch {
          // One organisation's failing account does not stop the others; its status page says why.
        }
      }
      return { received };
    },

    /**
     * The service's webhook: the body's HMAC-SHA256 under MAIL_SCAN_WEBHOOK_SECRET must match. The piece
     * is then read from the service with the key of each organisation that has the mailbox, so a webhook
     * can only make us fetch what that account holds.
     */
    async webhook(signature: string | undefined, rawBody: Buffer, body: Record<string, unknown>) {
      const secret = deps.config.findata.mailScan.webhookSecret;
      if (!secret || !signature) return 'unverified' as const;
      const expected = `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
      if (
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        return 'unverified' as const;
      const data = (body.data ?? {}) as { piece_id?: unknown; inbox_id?: unknown };
      if (body.event !== 'piece.scanned' || !data.piece_id || !data.inbox_id) return 'ignored' as const;
      const boxes = await db
        .select()
        .from(mailScanMailboxes)
        .where(
          and(
            eq(mailScanMailboxes.providerMailboxId, String(data.inbox_id)),
            isNotNull(mailScanMailboxes.clientId),
          ),
        )
        .orderBy(desc(mailScanMailboxes.id));
      let filed = false;
      for (const mailbox of boxes) {
        const service = await connectionOf(mailbox.organizationId);
        if (!service) continue;
        const piece = await service.piece(String(data.piece_id)).catch(() => null);
        if (
          piece &&
          String(piece.inbox_id) === mailbox.providerMailboxId &&
          (await filePiece(service, mailbox, piece))
        )
          filed = true;
      }
      return filed ? ('filed' as const) : ('ignored' as const);
    },
  };
}

export type MailScanService = ReturnType<typeof mailScanService>;
