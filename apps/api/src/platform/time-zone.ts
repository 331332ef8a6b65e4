import { calendarDateOf, toIsoDate, zonedFormatter } from '@bp/domain';

/** A valid IANA zone name, or null (an unknown or missing `X-Timezone` means UTC). */
export function zoneOrNull(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return null;
  try {
    zonedFormatter(name, 'date');
    return name;
  } catch {
    return null;
  }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = zonedFormatter(timeZone, 'clock').formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day ('yyyy-MM-dd') begins in `timeZone` (UTC when null). Daylight-saving
 * changes are honoured: the offset is read again at the first guess.
 */
export function startOfDay(isoDate: string, timeZone: string | null, addDays = 0): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d + addDays);
  if (!timeZone) return new Date(utcMidnight);
  const guess = utcMidnight - offsetAt(utcMidnight, timeZone);
  return new Date(utcMidnight - offsetAt(guess, timeZone));
}

/** The calendar day (YYYY-MM-DD) `now` falls on in `timeZone` (UTC when null): a paid bill's paid_date. */
export function calendarDayIn(now: Date, timeZone: string | null): string {
  return toIsoDate(calendarDateOf(now, timeZone ?? 'UTC'));
}
