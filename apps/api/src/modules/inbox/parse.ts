import { asc, eq } from 'drizzle-orm';
import type { AddressObject, Attachment, simpleParser } from 'mailparser';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { detectDocumentType, sanitizeFileName } from '../client-records/index.ts';
import { inboundMessages, inboxEmailAttachments, inboxEmails } from './tables.ts';

/** Enough of the body for a list's preview and the convert page; the raw message keeps all of it. */
const MAX_TEXT_BODY = 20_000;

export interface ParseDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  log?: { error(object: object, message: string): void };
}

/** The files a person attached; inline parts (logos, signatures shown in the body) are not. */
const attachedFiles = (attachments: Attachment[]) =>
  attachments.filter((a) => !a.related && a.content.length > 0);

const senderOf = (from: AddressObject | undefined) => from?.value[0];

/**
 * Turns one stored message into an e-mail in each addressed client's inbox, with its attachments, in one
 * transaction with marking it parsed: a crash part-way leaves it `pending`, to be parsed again from the
 * start (attachment keys are fixed by message, client and position, so a second try overwrites the first
 * one's files). A message mailparser cannot read is marked `failed` with the reason; its raw bytes stay.
 */
export async function parseInboundMessage(deps: ParseDeps, messageId: number): Promise<void> {
  const [message] = await deps.db.select().from(inboundMessages).where(eq(inboundMessages.id, messageId));
  if (message?.parseState !== 'pending') return;
  const raw = await deps.storage.get(message.storageKey);
  if (!raw) {
    await markFailed(deps, messageId, 'The stored message is missing from file storage.');
    return;
  }
  let parsed: Awaited<ReturnType<typeof simpleParser>>;
  try {
    // mailparser is loaded with the first message (an idle server never needs it).
    const { simpleParser: parse } = await import('mailparser');
    parsed = await parse(raw, { skipImageLinks: true });
  } catch (error) {
    await markFailed(deps, messageId, error instanceof Error ? error.message : String(error));
    return;
  }
  const sender = senderOf(parsed.from);
  const files = await Promise.all(
    attachedFiles(parsed.attachments).map(async (file, position) => {
      const accepted = await detectDocumentType(file.content);
      return {
        position,
        fileName: sanitizeFileName(file.filename ?? `attachment-${position + 1}`),
        mimeType: accepted ?? file.contentType ?? 'application/octet-stream',
        convertible: accepted !== null,
        content: file.content,
      };
    }),
  );
  // Files first (fixed keys), rows after: the rows only ever name files that exist.
  for (const clientId of message.clientIds) {
    for (const file of files)
      await deps.storage.put(attachmentKey(message.guid, clientId, file.position), file.content);
  }
  await deps.db.transaction(async (tx) => {
    // Another process may parse the same message at once (a receiver of its own beside the API, both
    // parsing what a crash left at start-up): the row lock lets one file it and the other find it done.
    const [locked] = await tx
      .select({ parseState: inboundMessages.parseState })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, message.id))
      .for('update');
    if (locked?.parseState !== 'pending') return;
    for (const clientId of message.clientIds) {
      const [email] = await tx
        .insert(inboxEmails)
        .values({
          clientId,
          inboundMessageId: message.id,
          fromAddress: sender?.address?.toLowerCase() ?? message.envelopeFrom,
          fromName: sender?.name || null,
          subject: (parsed.subject ?? '').slice(0, 1000),
          textBody: (parsed.text ?? '').slice(0, MAX_TEXT_BODY),
          receivedAt: message.receivedAt,
        })
        .returning({ id: inboxEmails.id });
      const emailId = (email as { id: number }).id;
      if (files.length > 0) {
        await tx.insert(inboxEmailAttachments).values(
          files.map((file) => ({
            emailId,
            fileName: file.fileName,
            mimeType: file.mimeType,
            sizeBytes: file.content.length,
            storageKey: attachmentKey(message.guid, clientId, file.position),
            convertible: file.convertible,
            position: file.position,
          })),
        );
      }
    }
    await tx
      .update(inboundMessages)
      .set({ parseState: 'parsed', parsedAt: deps.now() })
      .where(eq(inboundMessages.id, message.id));
  });
}

const attachmentKey = (messageGuid: string, clientId: number, position: number) =>
  `inbox/${messageGuid}/${clientId}/${position}`;

async function markFailed(deps: ParseDeps, messageId: number, reason: string): Promise<void> {
  deps.log?.error({ messageId }, `an inbound message could not be parsed: ${reason.slice(0, 200)}`);
  await deps.db
    .update(inboundMessages)
    .set({ parseState: 'failed', parseError: reason.slice(0, 2000), parsedAt: deps.now() })
    .where(eq(inboundMessages.id, messageId));
}

/** Parses every message still `pending` (at start-up: those a crash left between store and parse). */
export async function parsePendingMessages(deps: ParseDeps): Promise<number> {
  const pending = await deps.db
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(eq(inboundMessages.parseState, 'pending'))
    .orderBy(asc(inboundMessages.id));
  for (const { id } of pending) await parseInboundMessage(deps, id);
  return pending.length;
}
