import type { BillQueueItem, BillSummary } from '@bp/contracts';
import { inArray } from 'drizzle-orm';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clients } from '../clients/tables.ts';
import { allowedActionsOf } from './allowed-actions.ts';
import type { BillRow } from './tables.ts';

/**
 * A queue page's bills with what this staff member may do to each (the bulk bar offers only those),
 * decided by the same rules as the bill page's buttons: the page's clients in one read, the bills'
 * approvals in another.
 */
export async function withQueueActions(
  db: DbOrTx,
  organization: OrganizationScope,
  userId: number,
  page: { rows: { bill: BillRow }[]; results: BillSummary[] },
): Promise<BillQueueItem[]> {
  const list = page.rows.map((r) => r.bill);
  const clientIds = [...new Set(list.map((b) => b.clientId))];
  const clientRows =
    clientIds.length === 0 ? [] : await db.select().from(clients).where(inArray(clients.id, clientIds));
  const scopes = new Map<number, ClientScope>(
    clientRows.map((c) => [
      c.id,
      {
        id: c.id,
        guid: c.guid,
        name: c.name,
        organizationId: c.organizationId,
        archived: c.archivedAt !== null,
        via: 'staff',
        organization,
        clientUserId: null,
        clientRole: null,
      },
    ]),
  );
  const actions = await allowedActionsOf(db, list, (bill) => {
    const client = scopes.get(bill.clientId);
    if (!client) throw new Error(`client ${bill.clientId} of bill ${bill.id} vanished`);
    return { userId, client };
  });
  return page.results.map((summary, i) => {
    const bill = list[i];
    const can = bill ? actions.get(bill.id) : undefined;
    if (!can) throw new Error(`no actions for ${summary.guid}`);
    return { ...summary, can };
  });
}
