import type { DbOrTx } from '../../platform/db.ts';
import { documents } from './tables.ts';

/**
 * A client document whose bytes another module already stored under `fileKey` (a bank statement fed by
 * the aggregator, decision 036), written in the caller's transaction. The caller checked the bytes.
 */
export async function insertClientDocument(
  tx: DbOrTx,
  document: {
    clientId: number;
    entityId: number | null;
    fileKey: string;
    originalName: string;
    mimeType: string;
    sizeBytes: number;
  },
): Promise<{ id: number; guid: string }> {
  const [row] = await tx
    .insert(documents)
    .values(document)
    .returning({ id: documents.id, guid: documents.guid });
  return row as { id: number; guid: string };
}
