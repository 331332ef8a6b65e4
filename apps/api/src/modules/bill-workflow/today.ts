/** The calendar day (YYYY-MM-DD) `now` falls on in `timeZone` (UTC when null): a paid bill's paid_date. */
export function calendarDayIn(now: Date, timeZone: string | null): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
