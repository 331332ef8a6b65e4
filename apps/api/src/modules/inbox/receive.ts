import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import { type FileStorage, storeThenRecord } from '../../platform/storage.ts';
import { inboundMessages } from './tables.ts';

/** The largest message accepted (SMTP SIZE and the webhook alike): 25 MB, as SPEC.md's uploads. */
export const MAX_INBOUND_MESSAGE_BYTES = 25 * 1024 * 1024;

export interface InboundMessage {
  source: 'smtp' | 'webhook';
  envelopeFrom: string | null;
  /** The accepted recipients' clients. */
  clientIds: number[];
  /** The message as received (RFC 5322 bytes). */
  raw: Buffer;
}

/**
 * Keeps a received message before the sender is told it was accepted: the raw bytes in file storage,
 * then its row (`pending`), so a crash after this and before parsing loses nothing. Returns its id.
 */
export async function storeInboundMessage(
  deps: { db: Db; storage: FileStorage; now: () => Date },
  message: InboundMessage,
): Promise<number> {
  const receivedAt = deps.now();
  const guid = randomUUID();
  const day = receivedAt.toISOString().slice(0, 10);
  const storageKey = `inbound/${day}/${guid}.eml`;
  return storeThenRecord(deps.storage, storageKey, message.raw, async () => {
    const [row] = await deps.db
      .insert(inboundMessages)
      .values({
        guid,
        source: message.source,
        envelopeFrom: message.envelopeFrom,
        clientIds: message.clientIds,
        sizeBytes: message.raw.length,
        storageKey,
        receivedAt,
      })
      .returning({ id: inboundMessages.id });
    return (row as { id: number }).id;
  });
}
