import { describe, expect, it } from 'vitest';
import { parseIsoDate, toIsoDate } from './calendar.ts';
import { isObservedHoliday, nthWeekdayOfMonth, observedHolidayOn, usFederalHolidays } from './holidays.ts';

const observed = (year: number) => usFederalHolidays(year).map((h) => toIsoDate(h.observed));
const day = (iso: string) => parseIsoDate(iso)!;

describe('nthWeekdayOfMonth', () => {
  it('finds nth and last weekdays', () => {
    expect(toIsoDate(nthWeekdayOfMonth(2024, 1, 1, 3))).toBe('2024-01-15');
    expect(toIsoDate(nthWeekdayOfMonth(2024, 5, 1, -1))).toBe('2024-05-27');
    expect(toIsoDate(nthWeekdayOfMonth(2024, 9, 1, 1))).toBe('2024-09-02');
    expect(toIsoDate(nthWeekdayOfMonth(2024, 11, 4, 4))).toBe('2024-11-28');
    expect(toIsoDate(nthWeekdayOfMonth(2021, 5, 1, -1))).toBe('2021-05-31');
    expect(toIsoDate(nthWeekdayOfMonth(2026, 9, 1, 1))).toBe('2026-09-07');
  });
});

describe('usFederalHolidays', () => {
  it('lists 2024 (no weekend shifts)', () => {
    expect(observed(2024)).toEqual([
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-10-14',
      '2024-11-11',
      '2024-11-28',
      '2024-12-25',
    ]);
  });
  it('moves Saturday holidays to Friday and Sunday ones to Monday', () => {
    const y2021 = usFederalHolidays(2021);
    const find = (name: string) => y2021.find((h) => h.name === name)!;
    expect(toIsoDate(find('Juneteenth').observed)).toBe('2021-06-18');
    expect(toIsoDate(find('Independence Day').observed)).toBe('2021-07-05');
    expect(toIsoDate(find('Christmas Day').observed)).toBe('2021-12-24');
    expect(toIsoDate(find('Christmas Day').date)).toBe('2021-12-25');
    expect(observed(2023)).toContain('2023-01-02');
    expect(observed(2023)).toContain('2023-11-10');
    expect(observed(2022)).toContain('2022-06-20');
    expect(observed(2022)).toContain('2022-12-26');
  });
  it('has Juneteenth from 2021 only', () => {
    expect(usFederalHolidays(2020)).toHaveLength(10);
    expect(usFederalHolidays(2021)).toHaveLength(11);
    expect(isObservedHoliday(day('2020-06-19'))).toBe(false);
  });
});

describe('observed holidays by day', () => {
  it('observes a Saturday New Year on 31 December of the year before', () => {
    expect(observedHolidayOn(day('2021-12-31'))?.name).toBe("New Year's Day");
    expect(observedHolidayOn(day('2027-12-31'))?.name).toBe("New Year's Day");
    expect(isObservedHoliday(day('2022-01-01'))).toBe(false);
  });
  it('knows the actual and observed days', () => {
    expect(observedHolidayOn(day('2024-11-28'))?.name).toBe('Thanksgiving Day');
    expect(isObservedHoliday(day('2024-11-29'))).toBe(false);
    expect(isObservedHoliday(day('2021-07-04'))).toBe(false);
    expect(isObservedHoliday(day('2021-07-05'))).toBe(true);
  });
});
