import type { DbOrTx } from '../../platform/db.ts';
import { inboxEmailAttachments, inboxEmails } from './tables.ts';

/**
 * A scanned mail piece filed into the client's pre-bill inbox (issue 19, decision 036), as an e-mail of
 * source `mail_scan` with its scan as the one attachment, so staff convert it with the same prefill as
 * mail. The caller stored the file (checked by content) under `storageKey` and passes its transaction.
 */
export async function fileScannedMail(
  tx: DbOrTx,
  piece: {
    clientId: number;
    fromName: string | null;
    subject: string;
    receivedAt: Date;
    file: { fileName: string; mimeType: string; sizeBytes: number; storageKey: string };
  },
): Promise<{ id: number; guid: string }> {
  const [email] = await tx
    .insert(inboxEmails)
    .values({
      clientId: piece.clientId,
      source: 'mail_scan',
      fromName: piece.fromName,
      subject: piece.subject.slice(0, 1000),
      receivedAt: piece.receivedAt,
    })
    .returning({ id: inboxEmails.id, guid: inboxEmails.guid });
  const created = email as { id: number; guid: string };
  await tx.insert(inboxEmailAttachments).values({
    emailId: created.id,
    fileName: piece.file.fileName,
    mimeType: piece.file.mimeType,
    sizeBytes: piece.file.sizeBytes,
    storageKey: piece.file.storageKey,
    convertible: true,
    position: 0,
  });
  return created;
}
