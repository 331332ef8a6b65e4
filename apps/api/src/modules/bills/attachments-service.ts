import { randomUUID } from 'node:crypto';
import { BILL_ATTACHMENT_MAX_BYTES, type BillAttachment } from '@bp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { storeThenRecord } from '../../platform/storage.ts';
import {
  type BillAttachmentRow,
  billAttachmentColumns,
  billAttachmentList,
  deleteBillAttachment,
  findVisibleBill,
  insertBillAttachment,
  personColumns,
  personOf,
  recordBillEvent,
} from '../bill-core/index.ts';
import { checkDocumentUpload, sanitizeFileName } from '../client-records/index.ts';
import { userList } from '../users/index.ts';
import { forbidden, notFound } from './errors.ts';

export const ATTACHMENT_TOO_LARGE = `The file must be ${BILL_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB or smaller.`;

const withUploader = { attachment: billAttachmentColumns, uploader: personColumns };

function present(row: {
  attachment: BillAttachmentRow;
  uploader: Parameters<typeof personOf>[0];
}): BillAttachment {
  return {
    guid: row.attachment.guid,
    original_name: row.attachment.originalName,
    mime_type: row.attachment.mimeType,
    size_bytes: row.attachment.sizeBytes,
    uploaded_by: personOf(row.uploader),
    created_on: row.attachment.createdAt.toISOString(),
  };
}

async function findAttachment(db: DbOrTx, billId: number, attachmentGuid: string) {
  const [row] = await db
    .select(withUploader)
    .from(billAttachmentList)
    .leftJoin(userList, eq(userList.id, billAttachmentList.uploadedByUserId))
    .where(and(eq(billAttachmentList.billId, billId), eq(billAttachmentList.guid, attachmentGuid)));
  if (!row) throw notFound();
  return row;
}

/**
 * Files on a bill (invoices, statements, photos): accepted by content, not by name (SPEC §5), bytes in
 * file storage and metadata in bill_attachments.
 */
export function createBillAttachmentService({
  database,
  storage,
  now,
}: Pick<AppDeps, 'database' | 'storage' | 'now'>) {
  const { db } = database;
  return {
    async list(scope: ClientScope, billGuid: string): Promise<BillAttachment[]> {
      const bill = await findVisibleBill(db, scope, billGuid);
      const rows = await db
        .select(withUploader)
        .from(billAttachmentList)
        .leftJoin(userList, eq(userList.id, billAttachmentList.uploadedByUserId))
        .where(eq(billAttachmentList.billId, bill.id))
        .orderBy(asc(billAttachmentList.createdAt), asc(billAttachmentList.id));
      return rows.map(present);
    },

    /** Checks the bytes, stores them, then writes the row and its audit record. */
    async upload(
      scope: ClientScope,
      actor: AuditActor,
      billGuid: string,
      file: { data: Buffer; fileName: string },
    ): Promise<BillAttachment> {
      const bill = await findVisibleBill(db, scope, billGuid);
      const mimeType = await checkDocumentUpload(file.data, BILL_ATTACHMENT_MAX_BYTES, ATTACHMENT_TOO_LARGE);
      const key = `bills/${bill.guid}/${randomUUID()}`;
      const originalName = sanitizeFileName(file.fileName);
      return storeThenRecord(storage, key, file.data, async () => {
        const guid = await db.transaction(async (tx) => {
          const row = await insertBillAttachment(tx, {
            billId: bill.id,
            fileKey: key,
            originalName,
            mimeType,
            sizeBytes: file.data.length,
            uploadedByUserId: actor.actorUserId,
            createdAt: now(),
          });
          await recordAudit(tx, actor, {
            action: 'bill_attachment_uploaded',
            objectType: 'bill_attachment',
            objectGuid: row.guid,
            organizationId: bill.organizationId,
            clientId: bill.clientId,
            changes: {
              bill: { before: null, after: bill.guid },
              original_name: { before: null, after: originalName },
              mime_type: { before: null, after: mimeType },
              size_bytes: { before: null, after: file.data.length },
            },
          });
          return row.guid;
        });
        return present(await findAttachment(db, bill.id, guid));
      });
    },

    async download(scope: ClientScope, billGuid: string, attachmentGuid: string) {
      const bill = await findVisibleBill(db, scope, billGuid);
      const { attachment } = await findAttachment(db, bill.id, attachmentGuid);
      const data = await storage.get(attachment.fileKey);
      if (!data) throw notFound('The file of this attachment is missing.');
      return { data, mimeType: attachment.mimeType, name: attachment.originalName };
    },

    /** Staff who may edit bills, or whoever uploaded it; the timeline records attachment_deleted. */
    async remove(scope: ClientScope, actor: AuditActor, billGuid: string, attachmentGuid: string) {
      const key = await db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, scope, billGuid);
        const { attachment } = await findAttachment(tx, bill.id, attachmentGuid);
        const mayEdit = scope.via === 'staff' && (scope.organization?.permissions.has('bills.edit') ?? false);
        const isUploader =
          attachment.uploadedByUserId !== null && attachment.uploadedByUserId === actor.actorUserId;
        if (!mayEdit && !isUploader)
          throw forbidden('Only its uploader or staff who edit bills can delete this file.');
        await deleteBillAttachment(tx, attachment.id);
        await recordBillEvent(tx, bill.id, actor, 'attachment_deleted', {
          data: { file_name: attachment.originalName, attachment: attachment.guid },
        });
        await recordAudit(tx, actor, {
          action: 'bill_attachment_deleted',
          objectType: 'bill_attachment',
          objectGuid: attachment.guid,
          organizationId: bill.organizationId,
          clientId: bill.clientId,
          changes: {
            bill: { before: bill.guid, after: null },
            original_name: { before: attachment.originalName, after: null },
            mime_type: { before: attachment.mimeType, after: null },
            size_bytes: { before: attachment.sizeBytes, after: null },
          },
        });
        return attachment.fileKey;
      });
      await storage.remove(key).catch(() => undefined);
    },
  };
}
