/**
 * Business days (SPEC §9): every day except Saturdays, Sundays and observed US federal holidays.
 * The functions work on calendar dates, never on instants, so a time zone cannot shift a day.
 * Each accepts a CalendarDate, an ISO 'yyyy-MM-dd' string or a Date (its local calendar day) and
 * returns the same kind: a string as 'yyyy-MM-dd', a Date as local midnight.
 */
import {
  addDays,
  type CalendarDate,
  calendarDateOf,
  dayOfWeek,
  isValidCalendarDate,
  parseIsoDate,
  toIsoDate,
  toLocalDate,
} from './calendar.ts';
import { isObservedHoliday } from './holidays.ts';

export type DayInput = CalendarDate | string | Date;

/** The calendar date of any accepted input; throws a RangeError on a malformed string or invalid date. */
export function toCalendarDate(input: DayInput): CalendarDate {
  if (typeof input === 'string') {
    const date = parseIsoDate(input);
    if (!date) throw new RangeError(`Not an ISO date (yyyy-MM-dd): ${JSON.stringify(input)}`);
    return date;
  }
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) throw new RangeError('Invalid Date');
    return calendarDateOf(input);
  }
  if (!isValidCalendarDate(input.year, input.month, input.day)) {
    throw new RangeError(`Not a date: ${input.year}-${input.month}-${input.day}`);
  }
  return input;
}

function sameKind(input: DayInput, date: CalendarDate): DayInput {
  if (typeof input === 'string') return toIsoDate(date);
  if (input instanceof Date) return toLocalDate(date);
  return date;
}

/** Saturday or Sunday. */
export function isWeekend(input: DayInput): boolean {
  const weekday = dayOfWeek(toCalendarDate(input));
  return weekday === 0 || weekday === 6;
}

/** Not a weekend day and not an observed federal holiday. */
export function isBusinessDay(input: DayInput): boolean {
  const date = toCalendarDate(input);
  return !isWeekend(date) && !isObservedHoliday(date);
}

function step(date: CalendarDate, direction: 1 | -1): CalendarDate {
  let next = addDays(date, direction);
  while (!isBusinessDay(next)) next = addDays(next, direction);
  return next;
}

/**
 * The date `n` business days after `input` (before it when `n` is negative); `n = 0` returns the
 * date unchanged. Each step moves to the next (previous) business day, so from a non-business day
 * `+1` gives the first business day after it. For a business day `d`, `addBusinessDays(addBusinessDays(d, n), -n)` is `d`.
 * Throws a RangeError when `n` is not an integer.
 */
export function addBusinessDays(input: string, n: number): string;
export function addBusinessDays(input: Date, n: number): Date;
export function addBusinessDays(input: CalendarDate, n: number): CalendarDate;
export function addBusinessDays(input: DayInput, n: number): DayInput {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  let date = toCalendarDate(input);
  const direction = n < 0 ? -1 : 1;
  for (let i = 0; i < Math.abs(n); i++) date = step(date, direction);
  return sameKind(input, date);
}

/**
 * The date itself when it is a business day, otherwise the closest business day before it.
 * This is how a due date falling on a weekend or holiday is moved (a Saturday due date → Friday).
 */
export function previousBusinessDay(input: string): string;
export function previousBusinessDay(input: Date): Date;
export function previousBusinessDay(input: CalendarDate): CalendarDate;
export function previousBusinessDay(input: DayInput): DayInput {
  const date = toCalendarDate(input);
  return sameKind(input, isBusinessDay(date) ? date : step(date, -1));
}

/** The date itself when it is a business day, otherwise the closest business day after it. */
export function nextBusinessDay(input: string): string;
export function nextBusinessDay(input: Date): Date;
export function nextBusinessDay(input: CalendarDate): CalendarDate;
export function nextBusinessDay(input: DayInput): DayInput {
  const date = toCalendarDate(input);
  return sameKind(input, isBusinessDay(date) ? date : step(date, 1));
}

/** The due date to use: `input` moved back to a business day (alias of {@link previousBusinessDay}). */
export const adjustDueDate = previousBusinessDay;
