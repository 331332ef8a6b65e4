import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDate,
  calendarDateOf,
  compareDates,
  dayOfWeek,
  daysInMonth,
  fromDayNumber,
  isLeapYear,
  isValidCalendarDate,
  parseIsoDate,
  parseUsDate,
  toDayNumber,
  toIsoDate,
  toLocalDate,
  toUsDate,
} from './calendar.ts';

describe('calendar validity', () => {
  it('knows month lengths and leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2024, 12)).toBe(31);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(daysInMonth(2024, 13)).toBe(0);
    expect(isLeapYear(2100)).toBe(false);
  });
  it('validates days', () => {
    expect(isValidCalendarDate(2024, 2, 29)).toBe(true);
    expect(isValidCalendarDate(2023, 2, 29)).toBe(false);
    expect(isValidCalendarDate(2024, 0, 1)).toBe(false);
    expect(isValidCalendarDate(2024, 1, 0)).toBe(false);
    expect(isValidCalendarDate(2024, 1, 1.5)).toBe(false);
    expect(() => calendarDate(2023, 2, 29)).toThrow(RangeError);
    expect(calendarDate(2024, 2, 29)).toEqual({ year: 2024, month: 2, day: 29 });
  });
});

describe('day numbers', () => {
  it('counts from 1970-01-01, a Thursday', () => {
    expect(toDayNumber({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(toDayNumber({ year: 1969, month: 12, day: 31 })).toBe(-1);
    expect(dayOfWeek({ year: 1970, month: 1, day: 1 })).toBe(4);
    expect(dayOfWeek({ year: 2024, month: 7, day: 4 })).toBe(4);
    expect(dayOfWeek({ year: 1969, month: 12, day: 28 })).toBe(0);
  });
  it('handles years below 100 without the 1900 offset', () => {
    expect(fromDayNumber(toDayNumber({ year: 50, month: 3, day: 1 }))).toEqual({
      year: 50,
      month: 3,
      day: 1,
    });
  });
  it('adds days across months, years and leap days', () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2023, month: 12, day: 31 }, 1)).toEqual({ year: 2024, month: 1, day: 1 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
  });
  it('round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (n) => {
        const date = fromDayNumber(n);
        expect(toDayNumber(date)).toBe(n);
        expect(isValidCalendarDate(date.year, date.month, date.day)).toBe(true);
      }),
    );
  });
  it('compares', () => {
    const a = { year: 2024, month: 1, day: 31 };
    const b = { year: 2024, month: 2, day: 1 };
    expect(compareDates(a, b)).toBeLessThan(0);
    expect(compareDates(b, a)).toBeGreaterThan(0);
    expect(compareDates(a, { ...a })).toBe(0);
  });
});

describe('parsing and printing', () => {
  it('parses ISO dates strictly', () => {
    expect(parseIsoDate('2024-03-05')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseIsoDate('2024-02-30')).toBeNull();
    expect(parseIsoDate('2024-3-5')).toBeNull();
    expect(parseIsoDate('2024-03-05T00:00:00Z')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });
  it('parses US dates', () => {
    expect(parseUsDate('03/05/2024')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseUsDate('3/5/2024')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseUsDate('13/01/2024')).toBeNull();
    expect(parseUsDate('2024-03-05')).toBeNull();
  });
  it('prints both forms with padding', () => {
    const date = { year: 2024, month: 3, day: 5 };
    expect(toIsoDate(date)).toBe('2024-03-05');
    expect(toUsDate(date)).toBe('03/05/2024');
    expect(toUsDate({ year: 999, month: 12, day: 31 })).toBe('12/31/0999');
  });
});

describe('instants', () => {
  it('takes local components, or those of a time zone', () => {
    expect(calendarDateOf(new Date(2024, 0, 5, 23, 59))).toEqual({ year: 2024, month: 1, day: 5 });
    const instant = new Date('2024-01-05T03:00:00Z');
    expect(calendarDateOf(instant, 'UTC')).toEqual({ year: 2024, month: 1, day: 5 });
    expect(calendarDateOf(instant, 'America/New_York')).toEqual({ year: 2024, month: 1, day: 4 });
    expect(calendarDateOf(instant, 'Asia/Tokyo')).toEqual({ year: 2024, month: 1, day: 5 });
  });
  it('gives local midnight', () => {
    const local = toLocalDate({ year: 2024, month: 3, day: 10 });
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([
      2024, 2, 10, 0,
    ]);
  });
});
