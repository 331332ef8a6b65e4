/**
 * The year list of year pickers (SPEC §9: "50 years from the current one").
 */
import { YEAR_LIST_LENGTH } from './constants.ts';

/**
 * The current year and the years before it, newest first: `yearList(2025)` → [2025, 2024, …, 1976].
 * It counts back because the years picked (filings, statements, reports) are past ones.
 * `currentYear` is a parameter so callers decide the clock (e.g. `new Date().getFullYear()`).
 */
export function yearList(currentYear: number, length: number = YEAR_LIST_LENGTH): number[] {
  if (!Number.isInteger(currentYear)) throw new RangeError(`Not a year: ${currentYear}`);
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`Not a length: ${length}`);
  return Array.from({ length }, (_, i) => currentYear - i);
}
