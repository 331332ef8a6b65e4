import type { BillSummary } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clients } from '../clients/tables.ts';
import { entities, vendors } from '../entities/tables.ts';
import { type BillRow, bills } from './tables.ts';

/** What lists select: the bill and the names of its client, entity and vendor. */
export const summaryColumns = {
  bill: bills,
  client: { guid: clients.guid, name: clients.name },
  entity: { guid: entities.guid, nickname: entities.nickname },
  vendor: { guid: vendors.guid, name: vendors.name },
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

/** `select summaryColumns from bills` joined to what a summary names. */
export function selectSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(bills)
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .innerJoin(entities, eq(entities.id, bills.entityId))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId));
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
