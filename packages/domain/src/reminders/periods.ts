/**
 * Report-reminder periods and due dates (issue 14): a reminder recurs weekly, monthly, quarterly or
 * yearly; each period's task is due N business days after the period's last day (weekends and observed
 * US federal holidays skipped, as in business-days.ts). Pure calendar arithmetic, no time zones.
 */
import { addBusinessDays, nextBusinessDay } from '../business-days.ts';
import {
  addDays,
  type CalendarDate,
  calendarDate,
  compareDates,
  dayOfWeek,
  daysInMonth,
  parseIsoDate,
  toIsoDate,
} from '../calendar.ts';
import type { ReportReminderFrequency } from '../enums/index.ts';

/** One period of a reminder: its first and last day, as 'yyyy-MM-dd'. */
export interface ReminderPeriod {
  start: string;
  end: string;
}

/** The most business days a due rule may name: beyond a quarter the next period would be due first. */
export const MAX_DUE_BUSINESS_DAYS = 60;

function parse(iso: string): CalendarDate {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO date (yyyy-MM-dd): ${JSON.stringify(iso)}`);
  return date;
}

const QUARTER_FIRST_MONTH = [1, 1, 1, 4, 4, 4, 7, 7, 7, 10, 10, 10];

/**
 * The period of `frequency` containing `day`. Weeks run Monday to Sunday; months, quarters (Jan–Mar,
 * Apr–Jun, Jul–Sep, Oct–Dec) and years are calendar ones.
 */
export function periodContaining(frequency: ReportReminderFrequency, day: string): ReminderPeriod {
  const date = parse(day);
  let start: CalendarDate;
  let end: CalendarDate;
  switch (frequency) {
    case 'weekly': {
      // dayOfWeek: 0 = Sunday; Monday starts the week.
      const back = (dayOfWeek(date) + 6) % 7;
      start = addDays(date, -back);
      end = addDays(start, 6);
      break;
    }
    case 'monthly':
      start = calendarDate(date.year, date.month, 1);
      end = calendarDate(date.year, date.month, daysInMonth(date.year, date.month));
      break;
    case 'quarterly': {
      const first = QUARTER_FIRST_MONTH[date.month - 1] ?? 1;
      start = calendarDate(date.year, first, 1);
      end = calendarDate(date.year, first + 2, daysInMonth(date.year, first + 2));
      break;
    }
    case 'yearly':
      start = calendarDate(date.year, 1, 1);
      end = calendarDate(date.year, 12, 31);
      break;
  }
  return { start: toIsoDate(start), end: toIsoDate(end) };
}

/** The period right after `period`. */
export function nextPeriod(frequency: ReportReminderFrequency, period: ReminderPeriod): ReminderPeriod {
  return periodContaining(frequency, toIsoDate(addDays(parse(period.end), 1)));
}

/**
 * The due date of a period: `businessDays` business days after its last day. With 0 the task is due on
 * the last day itself, or the first business day after it when that day is a weekend or holiday.
 */
export function reminderDueDate(period: ReminderPeriod, businessDays: number): string {
  if (!Number.isInteger(businessDays) || businessDays < 0 || businessDays > MAX_DUE_BUSINESS_DAYS) {
    throw new RangeError(`Business days must be a whole number from 0 to ${MAX_DUE_BUSINESS_DAYS}`);
  }
  return businessDays === 0 ? nextBusinessDay(period.end) : addBusinessDays(period.end, businessDays);
}

/**
 * The periods whose task should exist by `today`: every period from the one containing `startsOn`
 * whose end is before `today` (the work of a period starts once it is over), oldest first. Only the
 * latest `limit` are returned: a long-forgotten reminder catches up on recent periods, not on years.
 */
export function periodsDueBy(
  frequency: ReportReminderFrequency,
  startsOn: string,
  today: string,
  limit = 60,
): ReminderPeriod[] {
  const out: ReminderPeriod[] = [];
  const todayDate = parse(today);
  let period = periodContaining(frequency, startsOn);
  while (compareDates(parse(period.end), todayDate) < 0) {
    out.push(period);
    if (out.length > limit) out.shift();
    period = nextPeriod(frequency, period);
  }
  return out;
}
