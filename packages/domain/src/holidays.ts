/**
 * US federal public holidays (5 U.S.C. 6103) and the days they are observed.
 * Observed-day rule: a holiday on a Saturday is observed the Friday before, one on a Sunday the
 * Monday after (so New Year's Day on a Saturday is observed on 31 December of the year before).
 * The current list applies to every year, except Juneteenth, a holiday from 2021 on.
 */
import { addDays, type CalendarDate, dayOfWeek, daysInMonth, toDayNumber } from './calendar.ts';

export const US_FEDERAL_HOLIDAY_NAMES = [
  "New Year's Day",
  'Martin Luther King Jr. Day',
  "Washington's Birthday",
  'Memorial Day',
  'Juneteenth',
  'Independence Day',
  'Labor Day',
  'Columbus Day',
  'Veterans Day',
  'Thanksgiving Day',
  'Christmas Day',
] as const;
export type UsFederalHolidayName = (typeof US_FEDERAL_HOLIDAY_NAMES)[number];

export interface Holiday {
  name: UsFederalHolidayName;
  /** The holiday itself. */
  date: CalendarDate;
  /** The weekday on which it is observed (equal to `date` unless that is a weekend day). */
  observed: CalendarDate;
}

/** First year Juneteenth National Independence Day is a federal holiday. */
export const JUNETEENTH_FIRST_YEAR = 2021;

const MONDAY = 1;
const THURSDAY = 4;

/**
 * The `n`-th `weekday` (0 = Sunday) of a month; `n = -1` gives the last one.
 * Example: Thanksgiving is `nthWeekdayOfMonth(year, 11, 4, 4)`.
 */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): CalendarDate {
  if (n === -1) {
    const last = { year, month, day: daysInMonth(year, month) };
    return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
  }
  const first = { year, month, day: 1 };
  return addDays(first, ((weekday - dayOfWeek(first) + 7) % 7) + 7 * (n - 1));
}

/** Saturday → the Friday before, Sunday → the Monday after, other days unchanged. */
export function observedDate(date: CalendarDate): CalendarDate {
  const weekday = dayOfWeek(date);
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

/** The federal holidays of `year` in calendar order, each with its observed day. */
export function usFederalHolidays(year: number): Holiday[] {
  const fixed = (month: number, day: number): CalendarDate => ({ year, month, day });
  const dates: [UsFederalHolidayName, CalendarDate][] = [
    ["New Year's Day", fixed(1, 1)],
    ['Martin Luther King Jr. Day', nthWeekdayOfMonth(year, 1, MONDAY, 3)],
    ["Washington's Birthday", nthWeekdayOfMonth(year, 2, MONDAY, 3)],
    ['Memorial Day', nthWeekdayOfMonth(year, 5, MONDAY, -1)],
    ['Juneteenth', fixed(6, 19)],
    ['Independence Day', fixed(7, 4)],
    ['Labor Day', nthWeekdayOfMonth(year, 9, MONDAY, 1)],
    ['Columbus Day', nthWeekdayOfMonth(year, 10, MONDAY, 2)],
    ['Veterans Day', fixed(11, 11)],
    ['Thanksgiving Day', nthWeekdayOfMonth(year, 11, THURSDAY, 4)],
    ['Christmas Day', fixed(12, 25)],
  ];
  return dates
    .filter(([name]) => name !== 'Juneteenth' || year >= JUNETEENTH_FIRST_YEAR)
    .map(([name, date]) => ({ name, date, observed: observedDate(date) }));
}

const observedByYear = new Map<number, Map<number, Holiday>>();

/** Holidays observed within calendar year `year` (includes next year's New Year's Day if observed on 31 Dec). */
function observedIn(year: number): Map<number, Holiday> {
  let days = observedByYear.get(year);
  if (!days) {
    days = new Map();
    for (const holiday of [...usFederalHolidays(year), ...usFederalHolidays(year + 1)]) {
      if (holiday.observed.year === year) days.set(toDayNumber(holiday.observed), holiday);
    }
    observedByYear.set(year, days);
  }
  return days;
}

/** The holiday observed on `date`, or `null`. */
export function observedHolidayOn(date: CalendarDate): Holiday | null {
  return observedIn(date.year).get(toDayNumber(date)) ?? null;
}

/** True when a federal holiday is observed on `date`. */
export function isObservedHoliday(date: CalendarDate): boolean {
  return observedHolidayOn(date) !== null;
}
