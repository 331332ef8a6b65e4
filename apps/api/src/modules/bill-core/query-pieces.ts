import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { billApprovals, billAttachments, billEvents, billLines, billNotes, bills } from './tables.ts';

// The bill tables as the other bill modules join and read them: subqueries (PostgreSQL folds a simple
// subquery into the outer query, so `FROM (SELECT … FROM bills) bill_list` plans like `FROM bills`), so a
// list, a queue or a search stays one SQL statement without the tables leaving bill-core. Writes go
// through bill-core's functions taking the caller's transaction (bill-writes.ts).
const qb = new QueryBuilder();

export const billList = qb.select(getTableColumns(bills)).from(bills).as('bill_list');
export const billLineList = qb.select(getTableColumns(billLines)).from(billLines).as('bill_line_list');
export const billApprovalList = qb
  .select(getTableColumns(billApprovals))
  .from(billApprovals)
  .as('bill_approval_list');
export const billEventList = qb.select(getTableColumns(billEvents)).from(billEvents).as('bill_event_list');
export const billNoteList = qb.select(getTableColumns(billNotes)).from(billNotes).as('bill_note_list');
export const billAttachmentList = qb
  .select(getTableColumns(billAttachments))
  .from(billAttachments)
  .as('bill_attachment_list');

/**
 * A subquery's columns by name, as an object to select whole (`select({ bill: billColumns, … })`):
 * Drizzle selects a table as a nested object, not a subquery, so the row keeps its shape (BillRow) this way.
 */
function columnsOf<S extends object, K extends string>(subquery: S, names: readonly K[]) {
  const fields = subquery as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, fields[name]])) as Pick<S, K & keyof S>;
}
const names = <T extends Record<string, unknown>>(columns: T) => Object.keys(columns) as (keyof T & string)[];

/** Every column of billList: `{ bill: billColumns }` selects a BillRow. */
export const billColumns = columnsOf(billList, names(getTableColumns(bills)));
export const billLineColumns = columnsOf(billLineList, names(getTableColumns(billLines)));
export const billNoteColumns = columnsOf(billNoteList, names(getTableColumns(billNotes)));
export const billEventColumns = columnsOf(billEventList, names(getTableColumns(billEvents)));
export const billAttachmentColumns = columnsOf(billAttachmentList, names(getTableColumns(billAttachments)));
