/**
 * The status of one commitment instance on a given day (decision 013). Pure: the API and the
 * screens compute it the same way from the instance, its bill and "today" in the caller's time zone.
 */
import { parseIsoDate, toDayNumber } from '../calendar.ts';

export const COMMITMENT_INSTANCE_STATUSES = [
  'upcoming',
  'billed',
  'paid',
  'late',
  'missed',
  'skipped',
  'autopay',
] as const;
export type InstanceStatus = (typeof COMMITMENT_INSTANCE_STATUSES)[number];

/** Past due by more than this many days without a paid bill: missed (until then: late). */
export const MISSED_AFTER_DAYS = 30;

export interface InstanceFacts {
  due_date: string;
  skipped: boolean;
  /** The linked bill's status, or null when none. */
  bill_status: string | null;
  /** The commitment is paid by the vendor's autopay. */
  autopay: boolean;
}

function dayNumber(text: string): number {
  const date = parseIsoDate(text);
  if (!date) throw new RangeError(`Not an ISO date (yyyy-MM-dd): ${JSON.stringify(text)}`);
  return toDayNumber(date);
}

/**
 * skipped → paid (bill paid) → autopay (autopay commitment, due date passed) → late / missed (due
 * date passed without a paid bill: up to 30 days late, then missed) → billed (a bill that is neither
 * paid nor rejected, not yet due) → upcoming. A rejected bill counts as no bill.
 */
export function instanceStatus(facts: InstanceFacts, today: string): InstanceStatus {
  if (facts.skipped) return 'skipped';
  if (facts.bill_status === 'paid') return 'paid';
  const daysPastDue = dayNumber(today) - dayNumber(facts.due_date);
  if (daysPastDue > 0) {
    if (facts.autopay) return 'autopay';
    return daysPastDue > MISSED_AFTER_DAYS ? 'missed' : 'late';
  }
  if (facts.bill_status !== null && facts.bill_status !== 'rejected') return 'billed';
  return 'upcoming';
}
