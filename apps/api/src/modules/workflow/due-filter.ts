import { addDays, parseIsoDate, toIsoDate } from '@bp/domain';
import { type AnyColumn, eq, lt, lte, type SQL } from 'drizzle-orm';

/** The work lists' `due` filter, one meaning for tasks, reconciliations and the dashboard figures. */
export type DueFilter = 'overdue' | 'today' | 'week';

/** `today` plus `days`, as YYYY-MM-DD. */
export function plusDays(today: string, days: number): string {
  const date = parseIsoDate(today);
  if (!date) throw new RangeError(today);
  return toIsoDate(addDays(date, days));
}

/** overdue: due before today; today: due today; week: due within 7 days, overdue included. */
export function dueCondition(column: AnyColumn, due: DueFilter | undefined, today: string): SQL | undefined {
  if (due === 'overdue') return lt(column, today);
  if (due === 'today') return eq(column, today);
  if (due === 'week') return lte(column, plusDays(today, 7));
  return undefined;
}

/** The first day of a YYYY-MM month and of the month after, to filter periods ending in it. */
export function monthRange(period: string): { start: string; next: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { start: `${period}-01`, next: `${next}-01` };
}

/** The YYYY-MM month before the one `today` (YYYY-MM-DD) falls in. */
export function previousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
