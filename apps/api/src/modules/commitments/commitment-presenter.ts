import type { Commitment } from '@bp/contracts';
import { nextDueDate } from '@bp/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientList } from '../clients/index.ts';
import {
  accountList,
  display2Levels,
  divisionList,
  entityList,
  parentAccountList,
  vendorList,
} from '../entities/index.ts';
import { commitments } from './tables.ts';

export type CommitmentRow = typeof commitments.$inferSelect;

/** What a commitment shows besides its own row: the names of what it points at. */
export const commitmentColumns = {
  commitment: commitments,
  client: { guid: clientList.guid, name: clientList.name },
  entity: { guid: entityList.guid, nickname: entityList.nickname },
  vendor: { guid: vendorList.guid, name: vendorList.name },
  account: { guid: accountList.guid, name: accountList.name },
  parentAccountName: parentAccountList.name,
  division: { guid: divisionList.guid, name: divisionList.name },
};

/** `select commitmentColumns from commitments` with its joins; callers add where/order/limit. */
export function selectCommitments(db: DbOrTx) {
  return db
    .select(commitmentColumns)
    .from(commitments)
    .innerJoin(clientList, eq(clientList.id, commitments.clientId))
    .innerJoin(entityList, eq(entityList.id, commitments.entityId))
    .innerJoin(vendorList, eq(vendorList.id, commitments.vendorId))
    .leftJoin(accountList, eq(accountList.id, commitments.accountId))
    .leftJoin(parentAccountList, eq(parentAccountList.id, accountList.parentId))
    .leftJoin(divisionList, eq(divisionList.id, commitments.divisionId));
}

export type CommitmentView = Awaited<ReturnType<ReturnType<typeof selectCommitments>['execute']>>[number];

/** The schedule fields of a row, as the domain's schedule functions take them. */
export function scheduleOf(row: CommitmentRow) {
  return {
    frequency: row.frequency,
    start_date: row.startDate,
    end_date: row.endDate,
    due_day: row.dueDay,
    due_month: row.dueMonth,
  };
}

/** A commitment as the API answers it; `today` (the caller's day) gives next_due_date. */
export function toCommitment(view: CommitmentView, today: string): Commitment {
  const c = view.commitment;
  return {
    id: c.id,
    guid: c.guid,
    client: view.client,
    entity: view.entity,
    vendor: view.vendor,
    category: c.category,
    frequency: c.frequency,
    expected_amount: c.expectedAmount,
    is_variable: c.isVariable,
    due_day: c.dueDay,
    due_month: c.dueMonth,
    start_date: c.startDate,
    end_date: c.endDate,
    payment_method: c.paymentMethod,
    account: view.account
      ? {
          guid: view.account.guid,
          display_2_levels: display2Levels(view.account.name, view.parentAccountName),
        }
      : null,
    division: view.division,
    memo: c.memo,
    autopay: c.autopay,
    archived: c.archivedAt !== null,
    next_due_date: c.archivedAt ? null : nextDueDate(scheduleOf(c), today),
    created_on: c.createdAt.toISOString(),
    version: c.version,
  };
}
