/**
 * The schedule of a commitment (decision 013): which calendar dates it falls on and when each is due.
 * Everything works on calendar dates ('yyyy-MM-dd'), never on instants, so no time zone or DST
 * change can move an occurrence.
 *
 * Anchors:
 * - weekly / bi_weekly: `start_date` and every 7 / 14 days after it.
 * - monthly: `due_day` (1..31) of every month from the start month; a day past the month's end falls
 *   on its last day (31 → Feb 28, or 29 in a leap year; → Apr 30).
 * - yearly: `due_month` / `due_day` of every year; Feb 29 falls on Feb 28 in other years.
 * Only dates within [start_date, end_date] count. The due date is the scheduled date moved back to
 * the previous business day when it falls on a weekend or US public holiday.
 */
import { previousBusinessDay } from '../business-days.ts';
import {
  addDays,
  type CalendarDate,
  daysInMonth,
  parseIsoDate,
  toDayNumber,
  toIsoDate,
} from '../calendar.ts';
import type { CommitmentFrequency } from '../enums/commitments-reports.ts';

export interface CommitmentSchedule {
  frequency: CommitmentFrequency;
  start_date: string;
  end_date?: string | null;
  due_day?: number | null;
  due_month?: number | null;
}

const STEP_DAYS: Partial<Record<CommitmentFrequency, number>> = { weekly: 7, bi_weekly: 14 };

function parse(text: string, what: string): CalendarDate {
  const date = parseIsoDate(text);
  if (!date) throw new RangeError(`${what} is not an ISO date (yyyy-MM-dd): ${JSON.stringify(text)}`);
  return date;
}

/** `day` of `month`, or the month's last day when it has fewer days. */
function clampedDay(year: number, month: number, day: number): CalendarDate {
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

function requireDay(value: number | null | undefined, what: string, max: number): number {
  if (value === null || value === undefined || !Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${what} must be a whole number from 1 to ${max}, got ${value}`);
  }
  return value;
}

/**
 * The commitment's scheduled dates between `from` and `to` (both inclusive, 'yyyy-MM-dd'), in
 * increasing order, limited to its start and end dates. Throws a RangeError on a malformed schedule
 * (monthly without due_day, yearly without due_month/due_day).
 */
export function scheduledDates(schedule: CommitmentSchedule, from: string, to: string): string[] {
  const start = parse(schedule.start_date, 'start_date');
  const lower = Math.max(toDayNumber(start), toDayNumber(parse(from, 'from')));
  let upper = toDayNumber(parse(to, 'to'));
  if (schedule.end_date) upper = Math.min(upper, toDayNumber(parse(schedule.end_date, 'end_date')));
  if (lower > upper) return [];

  const dates: string[] = [];
  const step = STEP_DAYS[schedule.frequency];
  if (step !== undefined) {
    const startNumber = toDayNumber(start);
    // First multiple of `step` days after the start that is not before `lower`.
    const skip = Math.ceil((lower - startNumber) / step);
    for (let n = startNumber + Math.max(0, skip) * step; n <= upper; n += step) {
      dates.push(toIsoDate(addDays(start, n - startNumber)));
    }
    return dates;
  }

  const first = addDays({ year: 1970, month: 1, day: 1 }, lower);
  const last = addDays({ year: 1970, month: 1, day: 1 }, upper);
  if (schedule.frequency === 'monthly') {
    const dueDay = requireDay(schedule.due_day, 'due_day', 31);
    for (
      let year = first.year, month = first.month;
      year < last.year || (year === last.year && month <= last.month);
    ) {
      const date = clampedDay(year, month, dueDay);
      const n = toDayNumber(date);
      if (n >= lower && n <= upper) dates.push(toIsoDate(date));
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
    return dates;
  }

  const dueMonth = requireDay(schedule.due_month, 'due_month', 12);
  const dueDay = requireDay(schedule.due_day, 'due_day', 31);
  for (let year = first.year; year <= last.year; year++) {
    const date = clampedDay(year, dueMonth, dueDay);
    const n = toDayNumber(date);
    if (n >= lower && n <= upper) dates.push(toIsoDate(date));
  }
  return dates;
}

/** The due date of a scheduled date: itself, or the previous business day on a weekend or US holiday. */
export function dueDateOf(scheduled: string): string {
  return previousBusinessDay(scheduled);
}

/** Each scheduled date between `from` and `to` with its due date. */
export function scheduleOccurrences(
  schedule: CommitmentSchedule,
  from: string,
  to: string,
): { scheduled_date: string; due_date: string }[] {
  return scheduledDates(schedule, from, to).map((scheduled) => ({
    scheduled_date: scheduled,
    due_date: dueDateOf(scheduled),
  }));
}

/**
 * The due date of the first occurrence due on or after `today`, looking up to `horizonDays` ahead;
 * null when the schedule has ended or none falls in that window. A due date is at most a week
 * before its scheduled date, so scheduled dates from a week before today are considered.
 */
export function nextDueDate(schedule: CommitmentSchedule, today: string, horizonDays = 400): string | null {
  const from = toIsoDate(addDays(parse(today, 'today'), -7));
  const to = toIsoDate(addDays(parse(today, 'today'), horizonDays));
  for (const { due_date } of scheduleOccurrences(schedule, from, to)) {
    if (due_date >= today) return due_date;
  }
  return null;
}
