import { describe, expect, it } from 'vitest';
import { YEAR_LIST_LENGTH } from './constants.ts';
import { yearList } from './years.ts';

describe('yearList', () => {
  it('lists the current year and the 49 before it, newest first', () => {
    const years = yearList(2025);
    expect(years).toHaveLength(YEAR_LIST_LENGTH);
    expect(years[0]).toBe(2025);
    expect(years[1]).toBe(2024);
    expect(years.at(-1)).toBe(1976);
  });
  it('takes another length', () => {
    expect(yearList(2025, 3)).toEqual([2025, 2024, 2023]);
    expect(yearList(2025, 0)).toEqual([]);
  });
  it('rejects bad input', () => {
    expect(() => yearList(2025.5)).toThrow(RangeError);
    expect(() => yearList(2025, -1)).toThrow(RangeError);
  });
});
