import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  adjustDueDate,
  isBusinessDay,
  isWeekend,
  nextBusinessDay,
  previousBusinessDay,
  toCalendarDate,
} from './business-days.ts';
import { addDays, type CalendarDate, compareDates, fromDayNumber, toDayNumber } from './calendar.ts';

describe('isBusinessDay', () => {
  it('excludes weekends and observed holidays', () => {
    expect(isBusinessDay('2024-07-03')).toBe(true);
    expect(isBusinessDay('2024-07-04')).toBe(false);
    expect(isBusinessDay('2024-07-06')).toBe(false);
    expect(isBusinessDay('2024-07-07')).toBe(false);
    expect(isBusinessDay('2021-12-31')).toBe(false);
    expect(isBusinessDay('2021-06-18')).toBe(false);
    expect(isBusinessDay('2020-06-19')).toBe(true);
    expect(isWeekend('2024-07-06')).toBe(true);
    expect(isWeekend('2024-07-04')).toBe(false);
  });
  it('accepts calendar dates and local Dates', () => {
    expect(isBusinessDay({ year: 2024, month: 12, day: 25 })).toBe(false);
    expect(isBusinessDay(new Date(2024, 11, 24, 23, 59))).toBe(true);
  });
  it('rejects malformed input', () => {
    expect(() => isBusinessDay('07/04/2024')).toThrow(RangeError);
    expect(() => isBusinessDay({ year: 2023, month: 2, day: 29 })).toThrow(RangeError);
    expect(() => isBusinessDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('addBusinessDays', () => {
  it('skips weekends and holidays both ways', () => {
    expect(addBusinessDays('2024-07-03', 1)).toBe('2024-07-05');
    expect(addBusinessDays('2024-07-05', 1)).toBe('2024-07-08');
    expect(addBusinessDays('2024-07-05', -1)).toBe('2024-07-03');
    expect(addBusinessDays('2024-11-27', 1)).toBe('2024-11-29');
    expect(addBusinessDays('2024-12-20', 5)).toBe('2024-12-30');
    expect(addBusinessDays('2022-01-03', -1)).toBe('2021-12-30');
    expect(addBusinessDays('2024-01-02', 0)).toBe('2024-01-02');
    expect(addBusinessDays('2024-07-06', 0)).toBe('2024-07-06');
  });
  it('steps from a non-business day to the next or previous business day', () => {
    expect(addBusinessDays('2024-07-06', 1)).toBe('2024-07-08');
    expect(addBusinessDays('2024-07-06', -1)).toBe('2024-07-05');
  });
  it('returns the kind it was given', () => {
    expect(addBusinessDays({ year: 2024, month: 7, day: 3 }, 1)).toEqual({ year: 2024, month: 7, day: 5 });
    const result = addBusinessDays(new Date(2024, 6, 3, 15, 30), 1);
    expect([result.getFullYear(), result.getMonth(), result.getDate(), result.getHours()]).toEqual([
      2024, 6, 5, 0,
    ]);
  });
  it('rejects fractional counts', () => {
    expect(() => addBusinessDays('2024-07-03', 1.5)).toThrow(RangeError);
  });
});

describe('previousBusinessDay and nextBusinessDay', () => {
  it('keep a business day', () => {
    expect(previousBusinessDay('2024-07-03')).toBe('2024-07-03');
    expect(nextBusinessDay('2024-07-03')).toBe('2024-07-03');
  });
  it('move a weekend or holiday due date', () => {
    expect(previousBusinessDay('2024-07-06')).toBe('2024-07-05');
    expect(previousBusinessDay('2024-07-07')).toBe('2024-07-05');
    expect(previousBusinessDay('2024-07-04')).toBe('2024-07-03');
    expect(previousBusinessDay('2022-01-01')).toBe('2021-12-30');
    expect(nextBusinessDay('2024-07-04')).toBe('2024-07-05');
    expect(nextBusinessDay('2024-11-28')).toBe('2024-11-29');
    expect(nextBusinessDay('2021-12-24')).toBe('2021-12-27');
    expect(adjustDueDate('2024-12-25')).toBe('2024-12-24');
  });
});

const dayArb = fc
  .integer({ min: toDayNumber({ year: 1990, month: 1, day: 1 }), max: 47_000 })
  .map(fromDayNumber);
const businessDayArb = dayArb.filter((d) => isBusinessDay(d));
const countArb = fc.integer({ min: -400, max: 400 });

describe('business-day properties', () => {
  it('moving by a non-zero count lands on a business day, on the right side', () => {
    fc.assert(
      fc.property(dayArb, countArb, (d, n) => {
        fc.pre(n !== 0);
        const result = addBusinessDays(d, n);
        expect(isBusinessDay(result)).toBe(true);
        expect(Math.sign(compareDates(result, d))).toBe(Math.sign(n));
      }),
    );
  });
  it('skips exactly n business days', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 1, max: 60 }), (d, n) => {
        const result = addBusinessDays(d, n);
        let count = 0;
        for (let x: CalendarDate = addDays(d, 1); compareDates(x, result) <= 0; x = addDays(x, 1)) {
          if (isBusinessDay(x)) count++;
        }
        expect(count).toBe(n);
      }),
    );
  });
  it('round-trips from a business day', () => {
    fc.assert(
      fc.property(businessDayArb, countArb, (d, n) => {
        expect(addBusinessDays(addBusinessDays(d, n), -n)).toEqual(d);
      }),
    );
  });
  it('previous/next give the closest business day on or before/after', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const prev = previousBusinessDay(d);
        const next = nextBusinessDay(d);
        expect(isBusinessDay(prev) && isBusinessDay(next)).toBe(true);
        expect(compareDates(prev, d)).toBeLessThanOrEqual(0);
        expect(compareDates(next, d)).toBeGreaterThanOrEqual(0);
        for (let x = addDays(prev, 1); compareDates(x, next) < 0; x = addDays(x, 1)) {
          if (compareDates(x, d) !== 0 || !isBusinessDay(d)) expect(isBusinessDay(x)).toBe(false);
        }
      }),
    );
  });
  it('does not depend on the kind of input', () => {
    fc.assert(
      fc.property(dayArb, countArb, (d, n) => {
        const iso = `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
        expect(toCalendarDate(addBusinessDays(iso, n))).toEqual(addBusinessDays(d, n));
        const local = new Date(d.year, d.month - 1, d.day, 12);
        expect(toCalendarDate(addBusinessDays(local, n))).toEqual(addBusinessDays(d, n));
      }),
    );
  });
});
