import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay } from '../business-days.ts';
import { addDays, fromDayNumber, parseIsoDate, toDayNumber, toIsoDate } from '../calendar.ts';
import { REPORT_REMINDER_FREQUENCY_VALUES } from '../enums/index.ts';
import { nextPeriod, periodContaining, periodsDueBy, reminderDueDate } from './periods.ts';

const day = (iso: string) => {
  const d = parseIsoDate(iso);
  if (!d) throw new Error(iso);
  return toDayNumber(d);
};
const isoArb = fc
  .integer({ min: day('2000-01-01'), max: day('2060-12-31') })
  .map((n) => toIsoDate(fromDayNumber(n)));
const frequencyArb = fc.constantFrom(...REPORT_REMINDER_FREQUENCY_VALUES);
const businessDaysArb = fc.integer({ min: 0, max: 30 });

/** Business days strictly after `from` up to and including `to`. */
function businessDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let d = day(from) + 1; d <= day(to); d++) if (isBusinessDay(toIsoDate(fromDayNumber(d)))) n++;
  return n;
}

describe('periodContaining', () => {
  it('names the calendar periods', () => {
    expect(periodContaining('weekly', '2024-07-04')).toEqual({ start: '2024-07-01', end: '2024-07-07' });
    expect(periodContaining('monthly', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodContaining('quarterly', '2024-05-31')).toEqual({ start: '2024-04-01', end: '2024-06-30' });
    expect(periodContaining('quarterly', '2024-12-01')).toEqual({ start: '2024-10-01', end: '2024-12-31' });
    expect(periodContaining('yearly', '2023-06-15')).toEqual({ start: '2023-01-01', end: '2023-12-31' });
  });

  it('contains the day, and consecutive periods tile the calendar', () => {
    fc.assert(
      fc.property(frequencyArb, isoArb, (frequency, iso) => {
        const period = periodContaining(frequency, iso);
        expect(day(period.start)).toBeLessThanOrEqual(day(iso));
        expect(day(period.end)).toBeGreaterThanOrEqual(day(iso));
        const next = nextPeriod(frequency, period);
        expect(day(next.start)).toBe(day(period.end) + 1);
        // Every day of a period maps back to the same period.
        expect(periodContaining(frequency, period.end)).toEqual(period);
        expect(periodContaining(frequency, period.start)).toEqual(period);
      }),
    );
  });

  it('ends months, quarters and years on their last day', () => {
    fc.assert(
      fc.property(isoArb, (iso) => {
        const nextDayOfMonthEnd = toIsoDate(addDays(parseIsoDate(periodContaining('monthly', iso).end)!, 1));
        expect(nextDayOfMonthEnd.endsWith('-01')).toBe(true);
        expect(periodContaining('quarterly', iso).end.slice(5)).toMatch(/^(03-31|06-30|09-30|12-31)$/);
        expect(periodContaining('yearly', iso).end.slice(5)).toBe('12-31');
      }),
    );
  });
});

describe('reminderDueDate', () => {
  it('counts business days after the period end, skipping weekends and holidays', () => {
    // June 2024 ends on a Sunday; July 4th is a holiday: 3 business days → Mon 1, Tue 2, Wed 3.
    expect(reminderDueDate(periodContaining('monthly', '2024-06-10'), 3)).toBe('2024-07-03');
    expect(reminderDueDate(periodContaining('monthly', '2024-06-10'), 4)).toBe('2024-07-05');
    // Q4 2024 ends on Tue Dec 31; Jan 1 is a holiday.
    expect(reminderDueDate(periodContaining('quarterly', '2024-11-01'), 1)).toBe('2025-01-02');
    // 0 days: the end itself, or the next business day after a weekend end.
    expect(reminderDueDate(periodContaining('monthly', '2024-07-01'), 0)).toBe('2024-07-31');
    expect(reminderDueDate(periodContaining('monthly', '2024-06-01'), 0)).toBe('2024-07-01');
  });

  it('refuses an impossible rule', () => {
    const period = periodContaining('monthly', '2024-06-10');
    expect(() => reminderDueDate(period, -1)).toThrow(RangeError);
    expect(() => reminderDueDate(period, 1.5)).toThrow(RangeError);
    expect(() => reminderDueDate(period, 61)).toThrow(RangeError);
  });

  it('is a business day after the end, exactly N business days later (month, quarter and year ends)', () => {
    fc.assert(
      fc.property(frequencyArb, isoArb, businessDaysArb, (frequency, iso, n) => {
        const period = periodContaining(frequency, iso);
        const due = reminderDueDate(period, n);
        expect(isBusinessDay(due)).toBe(true);
        expect(day(due)).toBeGreaterThanOrEqual(day(period.end));
        if (n > 0) {
          expect(businessDaysBetween(period.end, due)).toBe(n);
          expect(due).toBe(addBusinessDays(period.end, n));
        } else {
          // Nothing but non-business days between the end and the due date.
          expect(businessDaysBetween(period.end, due)).toBe(day(due) === day(period.end) ? 0 : 1);
        }
      }),
    );
  });

  it('grows with N and never reaches the next period before its own end', () => {
    fc.assert(
      fc.property(frequencyArb, isoArb, businessDaysArb, (frequency, iso, n) => {
        const period = periodContaining(frequency, iso);
        // From 1 on, each more day is a later date; 0 and 1 meet when the end is not a business day.
        const [now, later] = [day(reminderDueDate(period, n)), day(reminderDueDate(period, n + 1))];
        if (n > 0 || isBusinessDay(period.end)) expect(later).toBeGreaterThan(now);
        else expect(later).toBe(now);
        // The due date orders like the periods: a later period is never due earlier.
        const next = nextPeriod(frequency, period);
        expect(day(reminderDueDate(next, n))).toBeGreaterThan(day(reminderDueDate(period, n)));
      }),
    );
  });
});

describe('periodsDueBy', () => {
  it('lists the ended periods from the start, oldest first', () => {
    expect(periodsDueBy('quarterly', '2024-02-15', '2024-10-01').map((p) => p.end)).toEqual([
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
    ]);
    expect(periodsDueBy('monthly', '2024-06-15', '2024-06-30')).toEqual([]);
  });

  it('every listed period has ended, the next one has not, and they are consecutive', () => {
    fc.assert(
      fc.property(frequencyArb, isoArb, fc.integer({ min: 0, max: 800 }), (frequency, start, gap) => {
        const today = toIsoDate(fromDayNumber(day(start) + gap));
        const periods = periodsDueBy(frequency, start, today, 1000);
        for (const p of periods) expect(day(p.end)).toBeLessThan(day(today));
        for (let i = 1; i < periods.length; i++)
          expect(periods[i]).toEqual(nextPeriod(frequency, periods[i - 1]!));
        const after = periods.length
          ? nextPeriod(frequency, periods.at(-1)!)
          : periodContaining(frequency, start);
        expect(day(after.end)).toBeGreaterThanOrEqual(day(today));
      }),
    );
  });

  it('keeps only the latest periods past the limit', () => {
    const all = periodsDueBy('weekly', '2020-01-01', '2024-01-01', 1000);
    expect(periodsDueBy('weekly', '2020-01-01', '2024-01-01', 5)).toEqual(all.slice(-5));
  });
});
