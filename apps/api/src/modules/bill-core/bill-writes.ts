import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billApprovals, billAttachments, billLines, billNotes, bills } from './tables.ts';

// Writes to bill-core's tables by the other bill modules, always in the caller's transaction (`tx`), so a
// request that enters, edits, moves or pays a bill stays one transaction.

export type NewBill = typeof bills.$inferInsert;
/** Fields of a bill a write may set (never its id). */
export type BillFields = Partial<Omit<NewBill, 'id'>>;
export type NewBillLine = Omit<typeof billLines.$inferInsert, 'billId' | 'organizationId'>;
export type NewBillApproval = typeof billApprovals.$inferInsert;
export type NewBillAttachment = typeof billAttachments.$inferInsert;
export type NewBillNote = typeof billNotes.$inferInsert;
/** A stored attachment (its file is in storage under `fileKey`). */
export type BillAttachmentRow = typeof billAttachments.$inferSelect;

/** Inserts a bill and answers its stored row. */
export async function insertBill(tx: DbOrTx, values: NewBill) {
  const [row] = await tx.insert(bills).values(values).returning();
  if (!row) throw new Error('bill not stored');
  return row;
}

/** Inserts a bill's lines (in the order given). */
export async function insertBillLines(tx: DbOrTx, billId: number, lines: NewBillLine[]): Promise<void> {
  if (lines.length === 0) return;
  // The bill's organisation, for the memo search's tenant-led index, read by the same statement.
  const organizationId = sql`(select ${bills.organizationId} from ${bills} where ${bills.id} = ${billId})`;
  await tx.insert(billLines).values(lines.map((line) => ({ ...line, billId, organizationId })));
}

/** Removes a bill's lines (an edit writes them again). */
export async function deleteBillLines(tx: DbOrTx, billId: number): Promise<void> {
  await tx.delete(billLines).where(eq(billLines.billId, billId));
}

/**
 * Sets a bill's fields and grows its version by one (the optimistic lock transitions and edits check),
 * stamping `updatedAt` with `now`.
 */
export async function changeBill(tx: DbOrTx, billId: number, fields: BillFields, now: Date): Promise<void> {
  await tx
    .update(bills)
    .set({ ...fields, version: sql`${bills.version} + 1`, updatedAt: now })
    .where(eq(bills.id, billId));
}

/** Sets a bill's fields as they are (no version change): links and copies that are not edits. */
export async function setBillFields(tx: DbOrTx, billId: number, fields: BillFields): Promise<void> {
  await tx.update(bills).set(fields).where(eq(bills.id, billId));
}

/** Deletes a bill (its lines, approvals, events, notes and attachments go with it: cascade). */
export async function deleteBill(tx: DbOrTx, billId: number): Promise<void> {
  await tx.delete(bills).where(eq(bills.id, billId));
}

/** The bill as stored now, read in the caller's transaction. */
export async function billById(tx: DbOrTx, billId: number) {
  const [row] = await tx.select().from(bills).where(eq(bills.id, billId));
  return row;
}

/** The bill's row locked for the rest of the transaction. */
export async function lockBillById(tx: DbOrTx, billId: number) {
  const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
  return row;
}

/** Inserts one approval row; the unique (bill, round, step) key refuses a second one. */
export async function insertBillApproval(tx: DbOrTx, values: NewBillApproval): Promise<void> {
  await tx.insert(billApprovals).values(values);
}

/** Confirms a verbal approval not yet confirmed; answers false when someone else confirmed it first. */
export async function confirmBillApproval(
  tx: DbOrTx,
  approvalId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const confirmed = await tx
    .update(billApprovals)
    .set({ confirmedByUserId: userId, confirmedAt: now })
    .where(and(eq(billApprovals.id, approvalId), isNull(billApprovals.confirmedByUserId)))
    .returning({ id: billApprovals.id });
  return confirmed.length > 0;
}

export async function deleteBillApproval(tx: DbOrTx, approvalId: number): Promise<void> {
  await tx.delete(billApprovals).where(eq(billApprovals.id, approvalId));
}

/** Removes the approvals of one step in a round (a reversed payment waits for its step again). */
export async function deleteStepApprovals(
  tx: DbOrTx,
  billId: number,
  round: number,
  step: NewBillApproval['step'],
): Promise<void> {
  await tx
    .delete(billApprovals)
    .where(
      and(eq(billApprovals.billId, billId), eq(billApprovals.round, round), eq(billApprovals.step, step)),
    );
}

export async function insertBillAttachment(tx: DbOrTx, values: NewBillAttachment) {
  const [row] = await tx.insert(billAttachments).values(values).returning({ guid: billAttachments.guid });
  if (!row) throw new Error('attachment not stored');
  return row;
}

export async function deleteBillAttachment(tx: DbOrTx, attachmentId: number): Promise<void> {
  await tx.delete(billAttachments).where(eq(billAttachments.id, attachmentId));
}

export async function insertBillNote(tx: DbOrTx, values: NewBillNote) {
  const [row] = await tx.insert(billNotes).values(values).returning({ guid: billNotes.guid });
  if (!row) throw new Error('note not stored');
  return row;
}

/**
 * How many bills each payee has (vendor merge's confirmation, decision 022). Counts every bill, paid
 * and rejected ones too: they all move with a merge.
 */
export async function countBillsOfVendors(tx: DbOrTx, vendorIds: readonly number[]): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bills)
    .where(inArray(bills.vendorId, [...vendorIds]));
  return row?.n ?? 0;
}

/**
 * Re-points every bill of `fromVendorId` to `toVendorId` (a vendor merge, in the merge's transaction);
 * each moved bill's version grows, so an edit made from a page read before the merge answers 409.
 */
export async function repointBillsToVendor(
  tx: DbOrTx,
  fromVendorId: number,
  toVendorId: number,
  at: Date,
): Promise<number> {
  const moved = await tx
    .update(bills)
    .set({ vendorId: toVendorId, version: sql`${bills.version} + 1`, updatedAt: at })
    .where(eq(bills.vendorId, fromVendorId))
    .returning({ id: bills.id });
  return moved.length;
}
