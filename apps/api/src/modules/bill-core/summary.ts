import type { BillSummary } from '@bp/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { billColumns, billList } from './query-pieces.ts';
import type { BillRow } from './tables.ts';

/** What lists select: the bill and the names of its client, entity and vendor. */
export const summaryColumns = {
  bill: billColumns,
  client: { guid: clientList.guid, name: clientList.name },
  entity: { guid: entityList.guid, nickname: entityList.nickname },
  vendor: { guid: vendorList.guid, name: vendorList.name },
};
/** The bill fields a summary shows: all a list needs (search selects just these). */
export type SummaryBill = Pick<
  BillRow,
  | 'guid'
  | 'status'
  | 'amount'
  | 'dueDate'
  | 'invoiceNumber'
  | 'invoiceDate'
  | 'paymentMethod'
  | 'invoiceSource'
  | 'extBillId'
  | 'paidDate'
  | 'createdAt'
  | 'updatedAt'
>;
export type SummaryRow = {
  bill: SummaryBill;
  client: { guid: string; name: string };
  entity: { guid: string; nickname: string };
  vendor: { guid: string; name: string };
};

/**
 * `select summaryColumns from billList` joined to what a summary names; callers filter and order on
 * `billList`'s columns.
 */
export function selectSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(billList)
    .innerJoin(clientList, eq(clientList.id, billList.clientId))
    .innerJoin(entityList, eq(entityList.id, billList.entityId))
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId));
}

/**
 * selectSummaries with more columns beside the summary (`extra`): the bill page reads its approvals, lines,
 * people and unread count as JSON columns of the same statement.
 */
export function selectSummariesWith<E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: E) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(billList)
    .innerJoin(clientList, eq(clientList.id, billList.clientId))
    .innerJoin(entityList, eq(entityList.id, billList.entityId))
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId));
}

/**
 * selectSummaries with the row's sort key as text beside it (`sortKey`), for keyset paging: a cursor needs
 * the key exactly as stored (microseconds of a timestamp), which the mapped row does not keep.
 */
export function selectSummariesWithKey(db: DbOrTx, sortKey: SQL<string>) {
  return db
    .select({ ...summaryColumns, sortKey })
    .from(billList)
    .innerJoin(clientList, eq(clientList.id, billList.clientId))
    .innerJoin(entityList, eq(entityList.id, billList.entityId))
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId));
}

export function toSummary({ bill, client, entity, vendor }: SummaryRow): BillSummary {
  return {
    guid: bill.guid,
    status: bill.status,
    amount: bill.amount,
    due_date: bill.dueDate,
    invoice_number: bill.invoiceNumber,
    invoice_date: bill.invoiceDate,
    payment_method: bill.paymentMethod,
    invoice_source: bill.invoiceSource,
    ext_bill_id: bill.extBillId,
    client,
    entity,
    vendor,
    paid_date: bill.paidDate,
    created_on: bill.createdAt.toISOString(),
    updated_on: bill.updatedAt.toISOString(),
  };
}
