import { randomUUID } from 'node:crypto';
import type { Bill, ConvertInboxEmailRequest } from '@bp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { insertBillAttachment } from '../bill-core/index.ts';
import { createBillInTx, presentBill } from '../bills/index.ts';
import { notFound, refused } from './errors.ts';
import { inboxEmailAttachments, inboxEmails } from './tables.ts';

const ALREADY_CONVERTED = 'This e-mail has already been converted into a bill.';
const ARCHIVED = 'This e-mail is archived: bring it back to the inbox before converting it.';
const NOT_OFFERED = "Choose attachments of this e-mail that can become a bill's.";

/**
 * Converts a pre-bill e-mail into a bill (issue 13, decision 023), in one transaction: the bill entered
 * as the bill form enters one (references and duplicate check included), the chosen attachments copied
 * to it, the e-mail linked to the bill and archived, the audit records. The files are copied inside the
 * transaction because their keys carry the new bill's guid; when anything fails the copies are removed
 * and the e-mail stays in the inbox as it was.
 */
export async function convertInboxEmail(
  deps: { db: Db; storage: FileStorage },
  ctx: ServiceContext<ClientScope>,
  emailGuid: string,
  input: ConvertInboxEmailRequest,
): Promise<Bill> {
  const { attachments: chosen, ...billInput } = input;
  const { scope } = ctx;
  const copied: string[] = [];
  try {
    const bill = await deps.db.transaction(async (tx) => {
      // Locked, so two people converting one e-mail at once make one bill; the second gets 409.
      const [email] = await tx
        .select()
        .from(inboxEmails)
        .where(and(eq(inboxEmails.guid, emailGuid), eq(inboxEmails.clientId, scope.id)))
        .for('update');
      if (!email) throw notFound();
      if (email.billId !== null) throw refused('conflict', 'already_converted', ALREADY_CONVERTED);
      if (email.archivedAt !== null) throw refused('conflict', 'email_archived', ARCHIVED);
      const files = (
        await tx
          .select()
          .from(inboxEmailAttachments)
          .where(eq(inboxEmailAttachments.emailId, email.id))
          .orderBy(asc(inboxEmailAttachments.position))
      ).filter((file) => file.convertible);
      if (chosen?.some((guid) => !files.some((file) => file.guid === guid)))
        throw invalid('attachments', NOT_OFFERED);
      const picked = chosen ? files.filter((file) => chosen.includes(file.guid)) : files;

      const row = await createBillInTx(
        tx,
        { id: scope.id, organizationId: scope.organizationId },
        ctx.actor,
        billInput,
        { createdAt: ctx.now, duplicateCheck: { today: ctx.today } },
      );
      for (const file of picked) {
        const data = await deps.storage.get(file.storageKey);
        if (!data)
          throw refused(
            'conflict',
            'attachment_missing',
            `The file ${file.fileName} of this e-mail is missing from storage; nothing was converted.`,
          );
        // A copy of its own: deleting the bill's attachment must not take the archived e-mail's file.
        const key = `bills/${row.guid}/${randomUUID()}`;
        await deps.storage.put(key, data);
        copied.push(key);
        await insertBillAttachment(tx, {
          billId: row.id,
          fileKey: key,
          originalName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          uploadedByUserId: ctx.userId,
          createdAt: ctx.now,
        });
      }
      await tx
        .update(inboxEmails)
        .set({ archivedAt: ctx.now, archivedByUserId: ctx.userId, billId: row.id })
        .where(eq(inboxEmails.id, email.id));
      await recordAudit(tx, ctx.actor, {
        action: 'inbox_email_converted',
        objectType: 'inbox_email',
        objectGuid: email.guid,
        organizationId: scope.organizationId,
        clientId: scope.id,
        changes: {
          bill: { before: null, after: row.guid },
          archived_at: { before: null, after: ctx.now.toISOString() },
          attachments: { before: null, after: picked.map((file) => file.fileName) },
        },
      });
      return row;
    });
    return presentBill(deps.db, bill, { scope, userId: ctx.userId });
  } catch (error) {
    await Promise.all(copied.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
