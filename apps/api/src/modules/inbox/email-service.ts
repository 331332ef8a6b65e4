import { randomUUID } from 'node:crypto';
import type { InboxEmail, InboxEmailSource, InboxEmailType } from '@bp/contracts';
import { INBOX_UPLOAD_MAX_BYTES } from '@bp/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { type ClientScope, isGuid, type OrganizationScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { checkDocumentUpload, sanitizeFileName } from '../client-records/index.ts';
import { entityIdOf } from '../entities/index.ts';
import { findClientEmail, type InboxListFilters, listInboxEmails } from './email-list.ts';
import { forbidden, notFound } from './errors.ts';
import { prefillOf } from './prefill.ts';
import { inboxEmailAttachments, inboxEmails } from './tables.ts';

export interface InboxServiceDeps {
  db: Db;
  storage: FileStorage;
}

/** The list filters other than where the e-mails are (the client, or the organisation). */
export type InboxQueryFilters = Omit<InboxListFilters, 'where' | 'designeeClientUserId'>;

/** One file of a hand upload, as read from the request. */
export interface UploadedFile {
  data: Buffer;
  fileName: string;
}

export interface InboxUpload {
  files: UploadedFile[];
  source: Exclude<InboxEmailSource, 'email'> | null;
  subject: string | null;
  entityGuid: string | null;
  type: InboxEmailType | null;
}

const TOO_LARGE = 'Each file must be 25 MB or smaller.';
/** Client-side roles that may upload to their client's inbox (observers are refused by the policy). */
const CLIENT_UPLOADER_ROLES: readonly string[] = ['client'];

/** A designee's client user id (its e-mails are limited to its designated entities); null for others. */
export const designeeOf = (scope: ClientScope) =>
  scope.via === 'client' && scope.clientRole === 'designee' ? scope.clientUserId : null;

const auditOf = (scope: ClientScope) => ({ organizationId: scope.organizationId, clientId: scope.id });

/** Clients' pre-bill inboxes: lists, hand uploads, archiving, the files. Free of HTTP (ServiceContext). */
export function createInboxEmailService({ db, storage }: InboxServiceDeps) {
  async function emailOf(ctx: ServiceContext<ClientScope>, emailGuid: string) {
    const found = await findClientEmail(db, ctx.scope.id, emailGuid, designeeOf(ctx.scope));
    if (!found) throw notFound();
    return found;
  }

  return {
    listForClient(ctx: ServiceContext<ClientScope>, filters: InboxQueryFilters, window: PageWindow | null) {
      return listInboxEmails(
        db,
        { ...filters, where: { clientId: ctx.scope.id }, designeeClientUserId: designeeOf(ctx.scope) },
        window,
      );
    },

    /** Every client of the organisation, or the one `clientGuid` names (the list's `client` filter). */
    listForOrganization(
      ctx: ServiceContext<OrganizationScope>,
      filters: InboxQueryFilters & { clientGuid?: string | undefined },
      window: PageWindow | null,
    ) {
      const { clientGuid, ...rest } = filters;
      return listInboxEmails(db, { ...rest, where: { organizationId: ctx.scope.id, clientGuid } }, window);
    },

    /**
     * Files documents uploaded by hand as one inbox e-mail (a scanned letter, a client's upload): every
     * file checked by content before anything is stored, the files stored, then the rows and their audit
     * record in one transaction (the files are removed again if it fails).
     */
    async upload(ctx: ServiceContext<ClientScope>, upload: InboxUpload): Promise<InboxEmail> {
      const { scope } = ctx;
      if (scope.via === 'client' && !CLIENT_UPLOADER_ROLES.includes(scope.clientRole ?? ''))
        throw forbidden();
      if (upload.files.length === 0) throw invalid('file', 'This field is required.');
      // Client users' uploads are theirs whatever they send; staff say whether it is a scanned letter.
      const source = scope.via === 'client' ? 'client_upload' : (upload.source ?? 'mail_scan');
      const checked: (UploadedFile & { mimeType: string })[] = [];
      for (const file of upload.files) {
        const mimeType = await checkDocumentUpload(file.data, INBOX_UPLOAD_MAX_BYTES, TOO_LARGE);
        checked.push({ ...file, fileName: sanitizeFileName(file.fileName), mimeType });
      }
      let entityId: number | null = null;
      if (upload.entityGuid !== null) {
        entityId = isGuid(upload.entityGuid) ? await entityIdOf(db, scope.id, upload.entityGuid) : null;
        if (entityId === null) throw invalid('entity', 'Choose an entity of this client.');
      }
      const emailGuid = randomUUID();
      const keys = checked.map((_, position) => `inbox/uploads/${emailGuid}/${position}`);
      try {
        // Files first, rows after: the rows only ever name files that exist.
        for (const [position, file] of checked.entries())
          await storage.put(keys[position] as string, file.data);
        await db.transaction(async (tx) => {
          const [email] = await tx
            .insert(inboxEmails)
            .values({
              guid: emailGuid,
              clientId: scope.id,
              source,
              entityId,
              type: upload.type,
              subject: (upload.subject ?? checked[0]?.fileName ?? '').slice(0, 1000),
              receivedAt: ctx.now,
              uploadedByUserId: ctx.userId,
            })
            .returning({ id: inboxEmails.id });
          const emailId = (email as { id: number }).id;
          await tx.insert(inboxEmailAttachments).values(
            checked.map((file, position) => ({
              emailId,
              fileName: file.fileName,
              mimeType: file.mimeType,
              sizeBytes: file.data.length,
              storageKey: keys[position] as string,
              convertible: true,
              position,
            })),
          );
          await recordAudit(tx, ctx.actor, {
            ...auditOf(scope),
            action: 'inbox_email_uploaded',
            objectType: 'inbox_email',
            objectGuid: emailGuid,
            changes: {
              source: { before: null, after: source },
              files: { before: null, after: checked.map((f) => f.fileName) },
              ...(upload.type ? { type: { before: null, after: upload.type } } : {}),
              ...(upload.entityGuid ? { entity: { before: null, after: upload.entityGuid } } : {}),
            },
          });
        });
      } catch (error) {
        await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
        throw error;
      }
      return (await emailOf(ctx, emailGuid)).shown;
    },

    /** The bytes of one file of one of the client's e-mails. */
    async attachment(ctx: ServiceContext<ClientScope>, emailGuid: string, attachmentGuid: string) {
      const { row } = await emailOf(ctx, emailGuid);
      const [file] = await db
        .select()
        .from(inboxEmailAttachments)
        .where(
          and(eq(inboxEmailAttachments.emailId, row.id), eq(inboxEmailAttachments.guid, attachmentGuid)),
        );
      if (!file) throw notFound();
      const data = await storage.get(file.storageKey);
      if (!data) throw notFound('The file of this attachment is missing.');
      return { data, mimeType: file.mimeType, name: file.fileName };
    },

    /** One of the client's e-mails, live or archived. */
    async get(ctx: ServiceContext<ClientScope>, emailGuid: string): Promise<InboxEmail> {
      return (await emailOf(ctx, emailGuid)).shown;
    },

    /** What one attachment proposes for the bill form (prefill.ts). */
    async prefill(ctx: ServiceContext<ClientScope>, emailGuid: string, attachmentGuid: string) {
      const { row } = await emailOf(ctx, emailGuid);
      const file = await this.attachment(ctx, emailGuid, attachmentGuid);
      return prefillOf(db, row, { guid: attachmentGuid, mimeType: file.mimeType, data: file.data });
    },

    /** Moves the e-mail to the archived pre-bills (nothing is deleted); archiving twice changes nothing. */
    async archive(ctx: ServiceContext<ClientScope>, emailGuid: string): Promise<void> {
      const { row } = await emailOf(ctx, emailGuid);
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(inboxEmails)
          .set({ archivedAt: ctx.now, archivedByUserId: ctx.userId })
          .where(and(eq(inboxEmails.id, row.id), isNull(inboxEmails.archivedAt)))
          .returning({ id: inboxEmails.id });
        if (changed.length === 0) return;
        await recordAudit(tx, ctx.actor, {
          ...auditOf(ctx.scope),
          action: 'inbox_email_archived',
          objectType: 'inbox_email',
          objectGuid: row.guid,
          changes: { archived_at: { before: null, after: ctx.now.toISOString() } },
        });
      });
    },

    /** Brings an archived e-mail back to the inbox. */
    async unarchive(ctx: ServiceContext<ClientScope>, emailGuid: string): Promise<InboxEmail> {
      const { row } = await emailOf(ctx, emailGuid);
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(inboxEmails)
          .set({ archivedAt: null, archivedByUserId: null })
          .where(and(eq(inboxEmails.id, row.id), isNotNull(inboxEmails.archivedAt)))
          .returning({ id: inboxEmails.id });
        if (changed.length === 0) return;
        await recordAudit(tx, ctx.actor, {
          ...auditOf(ctx.scope),
          action: 'inbox_email_unarchived',
          objectType: 'inbox_email',
          objectGuid: row.guid,
          changes: { archived_at: { before: row.archivedAt?.toISOString() ?? null, after: null } },
        });
      });
      return (await emailOf(ctx, emailGuid)).shown;
    },
  };
}
