import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBusinessDay } from '../business-days.ts';
import { addDays, daysInMonth, parseIsoDate, toDayNumber, toIsoDate } from '../calendar.ts';
import { COMMITMENT_FREQUENCY_VALUES } from '../enums/commitments-reports.ts';
import { type CommitmentSchedule, dueDateOf, nextDueDate, scheduledDates } from './schedule.ts';

const day = (text: string) => {
  const date = parseIsoDate(text);
  if (!date) throw new Error(text);
  return toDayNumber(date);
};
const iso = (n: number) => toIsoDate(addDays({ year: 1970, month: 1, day: 1 }, n));

/** Days from 1999 to 2061: leap years (2000, 2024, 2028…), the non-leap 2100 is out of reach. */
const dayNumberArb = fc.integer({ min: day('1999-01-01'), max: day('2061-12-31') });

/**
 * Dates that stress the schedule: month ends, Feb 28/29, US DST change Sundays (2nd Sunday of
 * March, 1st Sunday of November), New Year and other holidays, plus any day.
 */
const tricky = [
  '2024-02-29',
  '2023-02-28',
  '2024-01-31',
  '2023-03-31',
  '2024-03-10',
  '2024-11-03',
  '2025-03-09',
  '2025-11-02',
  '2026-03-08',
  '2026-11-01',
  '2022-12-31',
  '2023-01-01',
  '2027-12-24',
  '2021-07-04',
  '2026-11-26',
  '2028-02-29',
  '2000-02-29',
  '2026-05-25',
  '2026-06-19',
].map(day);
const startArb = fc.oneof(dayNumberArb, fc.constantFrom(...tricky));

const scheduleArb: fc.Arbitrary<CommitmentSchedule> = fc
  .record({
    frequency: fc.constantFrom(...COMMITMENT_FREQUENCY_VALUES),
    start: startArb,
    length: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    due_day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(28, 29, 30, 31)),
    due_month: fc.integer({ min: 1, max: 12 }),
  })
  .map(({ frequency, start, length, due_day, due_month }) => ({
    frequency,
    start_date: iso(start),
    end_date: length === null ? null : iso(start + length),
    due_day,
    // A yearly day must exist in its month in some year (Feb 29 does, Feb 30 does not).
    due_month,
    ...(frequency === 'yearly' ? { due_day: Math.min(due_day, daysInMonth(2024, due_month)) } : {}),
  }));

const windowArb = fc
  .record({ from: startArb, span: fc.integer({ min: 0, max: 1500 }) })
  .map(({ from, span }) => ({ from: iso(from), to: iso(from + span) }));

describe('scheduledDates (property)', () => {
  it('strictly increasing, within the window and the commitment dates, on its anchor', () => {
    fc.assert(
      fc.property(scheduleArb, windowArb, (schedule, { from, to }) => {
        const dates = scheduledDates(schedule, from, to);
        for (let i = 0; i < dates.length; i++) {
          const d = dates[i] as string;
          expect(parseIsoDate(d)).not.toBeNull();
          expect(d >= from && d <= to).toBe(true);
          expect(d >= schedule.start_date).toBe(true);
          if (schedule.end_date) expect(d <= schedule.end_date).toBe(true);
          if (i > 0) expect(d > (dates[i - 1] as string)).toBe(true);
          const date = parseIsoDate(d);
          if (!date) throw new Error(d);
          const dueDay = schedule.due_day ?? 0;
          if (schedule.frequency === 'monthly' || schedule.frequency === 'yearly') {
            // The due day, or the month's last day when the month is shorter.
            expect(date.day).toBe(Math.min(dueDay, daysInMonth(date.year, date.month)));
          }
          if (schedule.frequency === 'yearly') expect(date.month).toBe(schedule.due_month);
          if (schedule.frequency === 'weekly' || schedule.frequency === 'bi_weekly') {
            const step = schedule.frequency === 'weekly' ? 7 : 14;
            expect((day(d) - day(schedule.start_date)) % step).toBe(0);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gaps: weekly 7 days, bi-weekly 14, monthly one per month, yearly one per year; none missing', () => {
    fc.assert(
      fc.property(scheduleArb, windowArb, (schedule, { from, to }) => {
        const dates = scheduledDates(schedule, from, to);
        const numbers = dates.map(day);
        for (let i = 1; i < dates.length; i++) {
          const gap = (numbers[i] as number) - (numbers[i - 1] as number);
          const a = parseIsoDate(dates[i - 1] as string);
          const b = parseIsoDate(dates[i] as string);
          if (!a || !b) throw new Error('bad date');
          if (schedule.frequency === 'weekly') expect(gap).toBe(7);
          if (schedule.frequency === 'bi_weekly') expect(gap).toBe(14);
          if (schedule.frequency === 'monthly')
            expect(b.year * 12 + b.month - (a.year * 12 + a.month)).toBe(1);
          if (schedule.frequency === 'yearly') expect(b.year - a.year).toBe(1);
        }
        // Splitting the window in two gives the same dates: no occurrence depends on where a run starts.
        const mid = iso(Math.floor((day(from) + day(to)) / 2));
        const split = [
          ...scheduledDates(schedule, from, mid),
          ...scheduledDates(schedule, iso(day(mid) + 1), to),
        ];
        expect(split).toEqual(dates);
      }),
      { numRuns: 400 },
    );
  });

  it('monthly on the 31st: every month once, the last day when shorter (Feb 28/29)', () => {
    const dates = scheduledDates(
      { frequency: 'monthly', due_day: 31, start_date: '2023-01-01' },
      '2023-01-01',
      '2024-12-31',
    );
    expect(dates).toHaveLength(24);
    expect(dates).toContain('2023-02-28');
    expect(dates).toContain('2024-02-29');
    expect(dates).toContain('2024-04-30');
    expect(dates).toContain('2024-03-31');
  });

  it('yearly on Feb 29: Feb 28 in other years', () => {
    expect(
      scheduledDates(
        { frequency: 'yearly', due_month: 2, due_day: 29, start_date: '2023-01-01' },
        '2023-01-01',
        '2028-12-31',
      ),
    ).toEqual(['2023-02-28', '2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  it('weekly across the DST changes keeps the weekday (calendar dates, no clock drift)', () => {
    const dates = scheduledDates(
      { frequency: 'weekly', start_date: '2026-03-01' },
      '2026-03-01',
      '2026-11-30',
    );
    expect(dates).toContain('2026-03-08');
    expect(dates).toContain('2026-11-01');
    expect(new Set(dates.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()))).toEqual(new Set([0]));
  });

  it('respects the start and end dates', () => {
    const schedule: CommitmentSchedule = {
      frequency: 'monthly',
      due_day: 15,
      start_date: '2026-01-20',
      end_date: '2026-04-15',
    };
    expect(scheduledDates(schedule, '2025-01-01', '2027-01-01')).toEqual([
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
    ]);
  });
});

describe('dueDateOf (property)', () => {
  it('a business day, on or before the scheduled date, at most 7 days before it', () => {
    fc.assert(
      fc.property(fc.oneof(dayNumberArb, fc.constantFrom(...tricky)), (n) => {
        const scheduled = iso(n);
        const due = dueDateOf(scheduled);
        expect(isBusinessDay(due)).toBe(true);
        expect(due <= scheduled).toBe(true);
        expect(n - day(due)).toBeLessThanOrEqual(7);
        // No business day is skipped over: every day between due and scheduled is a non-business day.
        for (let m = day(due) + 1; m <= n; m++) expect(isBusinessDay(iso(m))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('due dates of a schedule never repeat and never go backwards', () => {
    fc.assert(
      fc.property(scheduleArb, windowArb, (schedule, { from, to }) => {
        const dues = scheduledDates(schedule, from, to).map(dueDateOf);
        for (let i = 1; i < dues.length; i++)
          expect((dues[i] as string) > (dues[i - 1] as string)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('weekends and holidays move back: Saturday → Friday, New Year 2028 (Saturday, observed 2027-12-31) → 2027-12-30', () => {
    expect(dueDateOf('2026-03-14')).toBe('2026-03-13');
    expect(dueDateOf('2026-03-15')).toBe('2026-03-13');
    expect(dueDateOf('2026-07-03')).toBe('2026-07-02'); // Independence Day observed on Friday
    expect(dueDateOf('2026-12-25')).toBe('2026-12-24');
    expect(dueDateOf('2028-01-01')).toBe('2027-12-30');
    expect(dueDateOf('2026-03-16')).toBe('2026-03-16');
  });
});

describe('nextDueDate', () => {
  it('the first due date on or after today, even when its scheduled date is after a weekend', () => {
    // Scheduled Sunday 2026-03-15 → due Friday 2026-03-13.
    const schedule: CommitmentSchedule = { frequency: 'monthly', due_day: 15, start_date: '2026-01-01' };
    expect(nextDueDate(schedule, '2026-03-13')).toBe('2026-03-13');
    expect(nextDueDate(schedule, '2026-03-14')).toBe('2026-04-15');
    expect(nextDueDate({ ...schedule, end_date: '2026-03-31' }, '2026-03-14')).toBeNull();
  });
});
