import type { BookSettings } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { BooksClient } from './scope.ts';
import { bookClientSettings } from './tables.ts';

/** Does the client's ledger-posting feature post its bills to the books? Off until staff turn it on. */
export async function ledgerPostingOn(db: DbOrTx, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: bookClientSettings.ledgerPosting })
    .from(bookClientSettings)
    .where(eq(bookClientSettings.clientId, clientId));
  return row?.on ?? false;
}

export async function readSettings(db: DbOrTx, client: BooksClient): Promise<BookSettings> {
  return { ledger_posting: await ledgerPostingOn(db, client.clientId) };
}

export async function writeSettings(
  db: Db,
  client: BooksClient,
  body: BookSettings,
  now: Date,
): Promise<BookSettings> {
  return db.transaction(async (tx) => {
    const before = await ledgerPostingOn(tx, client.clientId);
    await tx
      .insert(bookClientSettings)
      .values({ clientId: client.clientId, ledgerPosting: body.ledger_posting, updatedAt: now })
      .onConflictDoUpdate({
        target: bookClientSettings.clientId,
        set: { ledgerPosting: body.ledger_posting, updatedAt: now },
      });
    if (before !== body.ledger_posting) {
      await recordAudit(tx, client.actor, {
        action: 'book_settings_updated',
        objectType: 'book_settings',
        organizationId: client.organizationId,
        clientId: client.clientId,
        changes: { ledger_posting: { before, after: body.ledger_posting } },
      });
    }
    return { ledger_posting: body.ledger_posting };
  });
}
