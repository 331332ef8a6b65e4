import type { BillQueueItem, BillSummary } from '@bp/contracts';
import { sql } from 'drizzle-orm';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clientList } from '../clients/index.ts';
import { allowedActionsIn } from './allowed-actions.ts';
import { type ApprovalJson, approvalsFromJson, approvalsJsonColumn } from './approvals-json.ts';
import { workflowStateFrom } from './state.ts';
import type { BillRow } from './tables.ts';

/**
 * What a queue page selects beside each bill (selectSummariesWith) so the staff member's actions can be
 * decided without another statement (issue 12 item 2): the bill's approvals and its client's tenant fields.
 */
export const queueActionColumns = {
  approvals: approvalsJsonColumn,
  // bigint columns: node-postgres gives text, Drizzle's columns map it, raw SQL must say so.
  clientId: sql<number>`${clientList.id}`.mapWith(Number),
  clientOrganizationId: sql<number>`${clientList.organizationId}`.mapWith(Number),
  clientArchived: sql<boolean>`${clientList.archivedAt} is not null`,
};

export interface QueueActionFields {
  bill: BillRow;
  client: { guid: string; name: string };
  approvals: ApprovalJson[];
  clientId: number;
  clientOrganizationId: number;
  clientArchived: boolean;
}

/**
 * A queue page's bills with what this staff member may do to each (the bulk bar offers only those),
 * decided by the same rules as the bill page's buttons, from the page's own rows (`queueActionColumns`).
 */
export async function withQueueActions(
  db: DbOrTx,
  organization: OrganizationScope,
  userId: number,
  page: { rows: QueueActionFields[]; results: BillSummary[] },
): Promise<BillQueueItem[]> {
  return Promise.all(
    page.results.map(async (summary, i) => {
      const row = page.rows[i];
      if (!row || row.bill.guid !== summary.guid) throw new Error(`no row for ${summary.guid}`);
      const client: ClientScope = {
        id: row.clientId,
        guid: row.client.guid,
        name: row.client.name,
        organizationId: row.clientOrganizationId,
        archived: row.clientArchived,
        via: 'staff',
        organization,
        clientUserId: null,
        clientRole: null,
      };
      const state = workflowStateFrom(row.bill, approvalsFromJson(row.approvals));
      // For staff the decisions read nothing (only a client user's designee limits are looked up).
      return { ...summary, can: await allowedActionsIn(db, row.bill, state, { userId, client }) };
    }),
  );
}
