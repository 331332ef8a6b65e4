/**
 * Calendar dates (year, month, day) with no time and no time zone, so nothing can shift them.
 * Day arithmetic goes through a day number (days since 1970-01-01), computed in UTC.
 */

/** A day on the calendar; `month` is 1–12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const MS_PER_DAY = 86_400_000;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year`, leap years included; 0 for a month out of range. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return MONTH_DAYS[month - 1] ?? 0;
}

/** Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** True when the three numbers name a real day (years 1–9999). */
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** A checked calendar date; throws a RangeError for a day that does not exist (e.g. 2023-02-29). */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  if (!isValidCalendarDate(year, month, day)) throw new RangeError(`Not a date: ${year}-${month}-${day}`);
  return { year, month, day };
}

/** Days since 1970-01-01 (negative before). */
export function toDayNumber(date: CalendarDate): number {
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

/** The calendar date of a day number. */
export function fromDayNumber(dayNumber: number): CalendarDate {
  const utc = new Date(dayNumber * MS_PER_DAY);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

/** `date` moved by `days` calendar days (negative moves back). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function isSameDate(a: CalendarDate, b: CalendarDate): boolean {
  return compareDates(a, b) === 0;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 'yyyy-MM-dd' → calendar date, or `null` when malformed or not a real day. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
}

/** 'MM/dd/yyyy' (also 'M/d/yyyy') → calendar date, or `null` when malformed or not a real day. */
export function parseUsDate(text: string): CalendarDate | null {
  const match = US_DATE.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Calendar date → 'yyyy-MM-dd' (the form the API sends and stores). */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Calendar date → 'MM/dd/yyyy' (the form the web shows). */
export function toUsDate(date: CalendarDate): string {
  return `${pad(date.month, 2)}/${pad(date.day, 2)}/${pad(date.year, 4)}`;
}

const FORMATS = {
  /** Year, month and day. */
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  /** The wall clock to the second, 0-23 hours. */
  clock: {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US formatter of `format`'s parts in `timeZone`, made on first use and kept: constructing an
 * Intl.DateTimeFormat costs far more (50–130 µs) than formatting with one, and servers read "today in the
 * caller's zone" on most requests. A zone Intl refuses throws a RangeError before anything is kept, so the
 * cache holds at most the IANA names, whatever callers send.
 */
export function zonedFormatter(timeZone: string, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${format} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...FORMATS[format] });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The calendar date of an instant: in the runtime's local time zone, or in `timeZone`
 * (an IANA name such as 'America/New_York') when given.
 */
export function calendarDateOf(instant: Date, timeZone?: string): CalendarDate {
  if (!timeZone) {
    return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
  }
  const parts = zonedFormatter(timeZone, 'date').formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Local midnight of a calendar date, as a Date. */
export function toLocalDate(date: CalendarDate): Date {
  const local = new Date(0, 0, 1);
  local.setFullYear(date.year, date.month - 1, date.day);
  return local;
}
