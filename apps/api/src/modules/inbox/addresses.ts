import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientInboxAddresses } from './tables.ts';

/** Lower-case letters and digits without look-alikes (no 0/o, 1/l/i), so an address read aloud survives. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LOCAL_PART_LENGTH = 12;

/** A new unguessable local part: `bills-` and 12 characters (≈ 59 bits), so addresses cannot be walked. */
function newLocalPart(): string {
  const bytes = randomBytes(LOCAL_PART_LENGTH);
  let out = 'bills-';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** The client's live inbox local part, made on first use. */
export async function inboxLocalPartOf(tx: DbOrTx, clientId: number): Promise<string> {
  const [live] = await tx
    .select({ localPart: clientInboxAddresses.localPart })
    .from(clientInboxAddresses)
    .where(and(eq(clientInboxAddresses.clientId, clientId), isNull(clientInboxAddresses.retiredAt)));
  if (live) return live.localPart;
  const [made] = await tx
    .insert(clientInboxAddresses)
    .values({ clientId, localPart: newLocalPart() })
    // Two first uses at once: the second finds the first's address.
    .onConflictDoNothing()
    .returning({ localPart: clientInboxAddresses.localPart });
  return made?.localPart ?? inboxLocalPartOf(tx, clientId);
}

/** Retires the client's address (mail to it is refused from now on) and gives it a new one. */
export async function regenerateInboxLocalPart(tx: DbOrTx, clientId: number, now: Date): Promise<string> {
  await tx
    .update(clientInboxAddresses)
    .set({ retiredAt: now })
    .where(and(eq(clientInboxAddresses.clientId, clientId), isNull(clientInboxAddresses.retiredAt)));
  const [made] = await tx
    .insert(clientInboxAddresses)
    .values({ clientId, localPart: newLocalPart() })
    .returning({ localPart: clientInboxAddresses.localPart });
  return (made as { localPart: string }).localPart;
}

/**
 * The client a recipient address delivers to: its domain must be ours and its local part a live
 * address (case-insensitive, as mail systems treat them). Null for anything else.
 */
export async function clientOfRecipient(db: DbOrTx, address: string, domain: string): Promise<number | null> {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const localPart = address.slice(0, at).toLowerCase();
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const [row] = await db
    .select({ clientId: clientInboxAddresses.clientId })
    .from(clientInboxAddresses)
    .where(and(eq(clientInboxAddresses.localPart, localPart), isNull(clientInboxAddresses.retiredAt)));
  return row?.clientId ?? null;
}
