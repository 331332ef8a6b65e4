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
