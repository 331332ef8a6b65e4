import type { CommitmentInstance } from '@bp/contracts';
import { instanceStatus } from '@bp/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type BillRow, billList } from '../bill-core/index.ts';
import { commitmentInstances } from './tables.ts';

export type InstanceRow = typeof commitmentInstances.$inferSelect;
export interface InstanceWithBill {
  instance: InstanceRow;
  bill: {
    guid: string;
    status: BillRow['status'];
    amount: number;
    paidDate: string | null;
  } | null;
}

/**
 * Every instance of the given commitments with its bill, by due date. A commitment's instances are
 * bounded by its own timeline (a weekly one has 52 a year), so reads take them whole and compute
 * statuses in code, the one place the rules live (packages/domain commitments/status.ts).
 */
export async function instancesWithBills(db: DbOrTx, commitmentIds: number[]): Promise<InstanceWithBill[]> {
  if (commitmentIds.length === 0) return [];
  const rows = await db
    .select({
      instance: commitmentInstances,
      bill: {
        guid: billList.guid,
        status: billList.status,
        amount: billList.amount,
        paidDate: billList.paidDate,
      },
    })
    .from(commitmentInstances)
    .leftJoin(billList, eq(billList.id, commitmentInstances.billId))
    .where(inArray(commitmentInstances.commitmentId, commitmentIds))
    .orderBy(asc(commitmentInstances.dueDate), asc(commitmentInstances.id));
  return rows;
}

/** An instance as the API answers it, with its status on `today`. */
export function toInstance(row: InstanceWithBill, autopay: boolean, today: string): CommitmentInstance {
  const { instance, bill } = row;
  return {
    guid: instance.guid,
    scheduled_date: instance.scheduledDate,
    due_date: instance.dueDate,
    expected_amount: instance.expectedAmount,
    status: instanceStatus(
      {
        due_date: instance.dueDate,
        skipped: instance.skippedAt !== null,
        bill_status: bill?.status ?? null,
        autopay,
      },
      today,
    ),
    bill: bill ? { guid: bill.guid, status: bill.status, amount: bill.amount } : null,
  };
}

/** The tracker: the last `size` instances due before today and the next `size` due today or later. */
export function trackerOf(instances: CommitmentInstance[], today: string, size = 6) {
  const past = instances.filter((i) => i.due_date < today);
  const upcoming = instances.filter((i) => i.due_date >= today);
  return { today, past: past.slice(Math.max(0, past.length - size)), upcoming: upcoming.slice(0, size) };
}
