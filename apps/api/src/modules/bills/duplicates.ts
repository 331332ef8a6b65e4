import {
  DUPLICATE_INVOICE_DATE_DAYS,
  DUPLICATE_LOOKBACK_MONTHS,
  type DuplicateReason,
  type PossibleDuplicate,
} from '@bp/contracts';
import { addDays, calendarDate, daysInMonth, parseIsoDate, toIsoDate } from '@bp/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { billColumns, billList } from '../bill-core/index.ts';
import { entityList, vendorList } from '../entities/index.ts';

/** The bill about to be saved, as the duplicate check compares it. */
export interface DuplicateProbe {
  vendorId: number;
  amount: number;
  invoiceNumber: string | null;
  invoiceDate: string | null;
}

/** The same calendar day `months` earlier (the month's last day when it has no such day). */
export function monthsBefore(isoDay: string, months: number): string {
  const day = parseIsoDate(isoDay);
  if (!day) throw new Error(`not a date: ${isoDay}`);
  const index = day.year * 12 + (day.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIsoDate(calendarDate(year, month, Math.min(day.day, daysInMonth(year, month))));
}

const shiftDays = (isoDay: string, days: number) =>
  toIsoDate(addDays(parseIsoDate(isoDay) ?? calendarDate(2000, 1, 1), days));

/** Invoice numbers compare without case and surrounding spaces ("inv-7 " is "INV-7"). */
const normalized = (value: string) => value.trim().toLowerCase();

/**
 * The client's bills the probe may repeat (issue 13, decision 023): the same vendor — the vendor itself
 * or, across the client's entities, one of the same parent vendor — and either the same invoice number,
 * or the same amount with invoice dates at most 7 days apart. Only bills of the last 18 months count,
 * dated by their invoice date, or the day they were entered when they have none. `excludeBillId` leaves
 * out the bill being edited.
 */
export async function findPossibleDuplicates(
  tx: DbOrTx,
  clientId: number,
  probe: DuplicateProbe,
  today: string,
  excludeBillId: number | null = null,
): Promise<PossibleDuplicate[]> {
  const [vendor] = await tx
    .select({ parent: vendorList.parentVendorId })
    .from(vendorList)
    .where(eq(vendorList.id, probe.vendorId));
  if (!vendor) return [];
  const sameVendor =
    vendor.parent === null
      ? eq(billList.vendorId, probe.vendorId)
      : sql`(${billList.vendorId} = ${probe.vendorId} or ${vendorList.parentVendorId} = ${vendor.parent})`;
  const number = probe.invoiceNumber?.trim() ? normalized(probe.invoiceNumber) : null;
  const window =
    probe.invoiceDate === null
      ? null
      : {
          from: shiftDays(probe.invoiceDate, -DUPLICATE_INVOICE_DATE_DAYS),
          to: shiftDays(probe.invoiceDate, DUPLICATE_INVOICE_DATE_DAYS),
        };
  const sameBill: SQL[] = [];
  if (number !== null) sameBill.push(sql`lower(trim(${billList.invoiceNumber})) = ${number}`);
  if (window !== null)
    sameBill.push(
      sql`(${billList.amount} = ${probe.amount} and ${billList.invoiceDate} between ${window.from} and ${window.to})`,
    );
  if (sameBill.length === 0) return [];
  const since = monthsBefore(today, DUPLICATE_LOOKBACK_MONTHS);
  const rows = await tx
    .select({
      bill: billColumns,
      entity: { guid: entityList.guid, nickname: entityList.nickname },
      vendor: { guid: vendorList.guid, name: vendorList.name },
    })
    .from(billList)
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
    .innerJoin(entityList, eq(entityList.id, billList.entityId))
    .where(
      and(
        eq(billList.clientId, clientId),
        sameVendor,
        sql`coalesce(${billList.invoiceDate}, (${billList.createdAt} at time zone 'UTC')::date) >= ${since}`,
        sql`(${sql.join(sameBill, sql` or `)})`,
        excludeBillId === null ? undefined : sql`${billList.id} <> ${excludeBillId}`,
      ),
    )
    .orderBy(asc(billList.createdAt), asc(billList.id))
    .limit(20);
  return rows.map(({ bill, entity, vendor: v }) => {
    const reasons: DuplicateReason[] = [];
    if (number !== null && bill.invoiceNumber !== null && normalized(bill.invoiceNumber) === number)
      reasons.push('invoice_number');
    const dated = bill.invoiceDate;
    if (window !== null && bill.amount === probe.amount && dated !== null)
      if (dated >= window.from && dated <= window.to) reasons.push('amount_and_invoice_date');
    return {
      guid: bill.guid,
      status: bill.status,
      amount: bill.amount,
      due_date: bill.dueDate,
      invoice_number: bill.invoiceNumber,
      invoice_date: bill.invoiceDate,
      entity,
      vendor: v,
      reasons,
    };
  });
}
