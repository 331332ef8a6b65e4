import type { DbOrTx } from '../../platform/db.ts';
import { accounts } from './tables.ts';

/**
 * A bank account in the entity's chart of accounts, made for a bank account fed by the aggregator
 * (decision 037): reconciliation task rules and reconciliations name chart accounts, so this is what lets
 * staff reconcile that account and what its statements are filed under. Not offered on bill lines.
 * In the caller's transaction.
 */
export async function createBankChartAccount(
  tx: DbOrTx,
  entityId: number,
  name: string,
): Promise<{ id: number; guid: string }> {
  const [row] = await tx
    .insert(accounts)
    .values({ entityId, name: name.slice(0, 200), accountType: 'Bank', assignableToBill: false })
    .returning({ id: accounts.id, guid: accounts.guid });
  if (!row) throw new Error('chart account not inserted');
  return row;
}
