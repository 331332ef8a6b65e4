/**
 * Showing dates (SPEC §9): MM/dd/yyyy, and relative times for recent instants.
 */
import { calendarDateOf, parseIsoDate, toUsDate } from './calendar.ts';

/** A date to show: a Date, epoch milliseconds, or an ISO 8601 string (date-only or date-time). */
export type DateInput = Date | number | string | null | undefined;

/** Options for formatting an instant; without `timeZone` the runtime's local zone is used. */
export interface DateFormatOptions {
  timeZone?: string;
}

/**
 * The instant of a Date, number or ISO date-time string, or `null` when missing or invalid.
 * An ISO string whose date part is not a real day ('2024-02-30T…') is invalid, not rolled over.
 */
export function toInstant(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}/.test(input) && !parseIsoDate(input.slice(0, 10))) {
    return null;
  }
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'MM/dd/yyyy', or '' for missing or invalid input.
 * A date-only 'yyyy-MM-dd' string is a calendar date and is shown as written, whatever the time
 * zone ('2024-03-05' → '03/05/2024', never '03/04/2024'). Instants (Date, number, date-time
 * string) are shown in the local zone or in `options.timeZone`.
 */
export function formatDate(input: DateInput, options: DateFormatOptions = {}): string {
  if (typeof input === 'string') {
    const calendar = parseIsoDate(input);
    if (calendar) return toUsDate(calendar);
  }
  const instant = toInstant(input);
  return instant ? toUsDate(calendarDateOf(instant, options.timeZone)) : '';
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * How long ago `input` was, as of `now`:
 * - under a minute: 'N secs ago' (1 → '1 sec ago');
 * - under an hour: 'N mins ago' ('1 min ago');
 * - under 24 hours: 'N hrs ago' ('1 hr ago');
 * - from exactly 24 hours up to (not including) 48 hours: '1 day ago';
 * - 48 hours and more: the date, MM/dd/yyyy (see {@link formatDate}).
 * Counts are whole units, rounded down. An instant up to a minute in the future (clock skew) reads
 * '0 secs ago'; further in the future, the date. '' for missing or invalid input.
 * A date-only string is taken as local midnight of that day.
 */
export function formatRelativeTime(
  input: DateInput,
  now: Date | number,
  options: DateFormatOptions = {},
): string {
  const dateOnly = typeof input === 'string' ? parseIsoDate(input) : null;
  const instant = dateOnly ? new Date(dateOnly.year, dateOnly.month - 1, dateOnly.day) : toInstant(input);
  if (!instant) return '';
  const elapsed = (now instanceof Date ? now.getTime() : now) - instant.getTime();
  if (elapsed < -MINUTE || elapsed >= 2 * DAY) return formatDate(input, options);
  if (elapsed < MINUTE) return ago(Math.max(0, Math.floor(elapsed / SECOND)), 'sec');
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'min');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hr');
  return '1 day ago';
}
