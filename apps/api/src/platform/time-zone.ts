/*
 * Formatters are made once per zone and kept: constructing an Intl.DateTimeFormat costs 50–130 µs, and
 * "today in the caller's zone" is read on most requests (issue 12 item 2). Only zones Intl accepts are
 * kept, so the caches hold at most the IANA names (some hundreds), whatever callers send.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The yyyy / MM / dd parts of an instant in `timeZone`; throws a RangeError for an unknown zone. */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A valid IANA zone name, or null (an unknown or missing `X-Timezone` means UTC). */
export function zoneOrNull(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return null;
  try {
    dayFormatter(name);
    return name;
  } catch {
    return null;
  }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = clockFormatter(timeZone).formatToParts(new Date(instant));
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
  if (!timeZone) return now.toISOString().slice(0, 10);
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
