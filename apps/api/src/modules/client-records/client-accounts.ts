import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientInstitutions } from './tables.ts';

/** A client's account (client institution) that payments leave from. */
export type ClientAccount = typeof clientInstitutions.$inferSelect;

/** The client's account with this guid, or undefined when the client has none such. */
export async function clientAccountByGuid(
  db: DbOrTx,
  clientId: number,
  guid: string,
): Promise<ClientAccount | undefined> {
  const [account] = await db
    .select()
    .from(clientInstitutions)
    .where(and(eq(clientInstitutions.guid, guid), eq(clientInstitutions.clientId, clientId)));
  return account;
}

export async function clientAccountById(db: DbOrTx, id: number): Promise<ClientAccount | undefined> {
  const [account] = await db.select().from(clientInstitutions).where(eq(clientInstitutions.id, id));
  return account;
}

/** The account as a bill or an export shows where its payment left from. */
export async function paidFromAccount(
  db: DbOrTx,
  id: number,
): Promise<{ guid: string; name: string; account_last4: string | null } | null> {
  const [row] = await db
    .select({
      guid: clientInstitutions.guid,
      name: clientInstitutions.name,
      account_last4: clientInstitutions.accountLast4,
    })
    .from(clientInstitutions)
    .where(eq(clientInstitutions.id, id));
  return row ?? null;
}

/**
 * The client's account with these last four digits, or a new one (bank feeds, decision 036): a linked
 * bank account becomes, or joins, the client's account that payments leave from, so paid bills and
 * bank lines meet on it. Takes the caller's transaction.
 */
export async function ensureClientAccount(
  tx: DbOrTx,
  clientId: number,
  account: { name: string; last4: string | null; kind: 'bank' | 'investment' },
): Promise<{ id: number; guid: string }> {
  if (account.last4) {
    const [known] = await tx
      .select({ id: clientInstitutions.id, guid: clientInstitutions.guid })
      .from(clientInstitutions)
      .where(
        and(eq(clientInstitutions.clientId, clientId), eq(clientInstitutions.accountLast4, account.last4)),
      )
      .limit(1);
    if (known) return known;
  }
  const [created] = await tx
    .insert(clientInstitutions)
    .values({ clientId, name: account.name, accountLast4: account.last4, accountKind: account.kind })
    .returning({ id: clientInstitutions.id, guid: clientInstitutions.guid });
  return created as { id: number; guid: string };
}
