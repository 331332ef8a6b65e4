import type { Commitment } from '@bp/contracts';
import { nextDueDate } from '@bp/domain';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { clients } from '../clients/tables.ts';
import { display2Levels } from '../entities/index.ts';
import { accounts, divisions, entities, vendors } from '../entities/tables.ts';
import { commitments } from './tables.ts';

export type CommitmentRow = typeof commitments.$inferSelect;

const parentAccounts = alias(accounts, 'commitment_parent_account');

/** What a commitment shows besides its own row: the names of what it points at. */
export const commitmentColumns = {
  commitment: commitments,
  client: { guid: clients.guid, name: clients.name },
  entity: { guid: entities.guid, nickname: entities.nickname },
  vendor: { guid: vendors.guid, name: vendors.name },
  account: { guid: accounts.guid, name: accounts.name },
  parentAccountName: parentAccounts.name,
  division: { guid: divisions.guid, name: divisions.name },
};

/** `select commitmentColumns from commitments` with its joins; callers add where/order/limit. */
export function selectCommitments(db: DbOrTx) {
  return db
    .select(commitmentColumns)
    .from(commitments)
    .innerJoin(clients, eq(clients.id, commitments.clientId))
    .innerJoin(entities, eq(entities.id, commitments.entityId))
    .innerJoin(vendors, eq(vendors.id, commitments.vendorId))
    .leftJoin(accounts, eq(accounts.id, commitments.accountId))
    .leftJoin(parentAccounts, eq(parentAccounts.id, accounts.parentId))
    .leftJoin(divisions, eq(divisions.id, commitments.divisionId));
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
