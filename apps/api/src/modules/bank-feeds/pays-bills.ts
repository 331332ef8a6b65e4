import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { auditWrite, type Tenant } from '../entities/index.ts';
import { notFound, refused } from './errors.ts';
import { bankFeedAccounts } from './tables.ts';

/**
 * Makes one fed account the entity's bill-paying account (funding required is computed for it): the
 * entity's other one stops paying, in one transaction with the audit record. Staff only (the policy).
 */
export async function choosePayingAccount(db: DbOrTx, tenant: Tenant, accountGuid: string) {
  if (tenant.via !== 'staff')
    throw refused('forbidden', 'permission_denied', 'Only staff choose the paying account.');
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(bankFeedAccounts)
      .where(and(eq(bankFeedAccounts.clientId, tenant.clientId), eq(bankFeedAccounts.guid, accountGuid)));
    if (!account) throw notFound();
    if (account.paysBills) return;
    if (account.type !== 'depository')
      throw refused('invalid', 'not_a_bank_account', 'Bills are paid from a checking or savings account.');
    await tx
      .update(bankFeedAccounts)
      .set({ paysBills: false })
      .where(and(eq(bankFeedAccounts.entityId, account.entityId), ne(bankFeedAccounts.id, account.id)));
    await tx.update(bankFeedAccounts).set({ paysBills: true }).where(eq(bankFeedAccounts.id, account.id));
    await auditWrite(tx, tenant, {
      action: 'bank_account_pays_bills',
      objectType: 'bank_feed_account',
      objectGuid: account.guid,
      changes: { pays_bills: { before: false, after: true } },
    });
  });
}
