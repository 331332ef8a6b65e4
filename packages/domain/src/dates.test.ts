import { describe, expect, it } from 'vitest';
import { formatDate, formatRelativeTime, toInstant } from './dates.ts';

describe('formatDate', () => {
  it('formats a Date in local time as MM/dd/yyyy', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('01/05/2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 59, 59))).toBe('12/31/2024');
    expect(formatDate(new Date(2024, 1, 29).getTime())).toBe('02/29/2024');
  });
  it('never shifts a date-only ISO string', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2023-12-31')).toBe('12/31/2023');
  });
  it('formats ISO date-times as local instants', () => {
    const local = new Date(2024, 6, 4, 0, 30);
    expect(formatDate(local.toISOString())).toBe('07/04/2024');
  });
  it('formats instants in a given time zone', () => {
    expect(formatDate('2024-01-05T03:00:00Z', { timeZone: 'UTC' })).toBe('01/05/2024');
    expect(formatDate('2024-01-05T03:00:00Z', { timeZone: 'America/New_York' })).toBe('01/04/2024');
    expect(formatDate('2024-03-05', { timeZone: 'Pacific/Kiritimati' })).toBe('03/05/2024');
  });
  it('shows nothing for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2024-02-30T00:00:00Z')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('toInstant', () => {
  it('accepts Dates, numbers and strings', () => {
    expect(toInstant(0)?.getTime()).toBe(0);
    expect(toInstant('1970-01-01T00:00:01Z')?.getTime()).toBe(1000);
    expect(toInstant('nope')).toBeNull();
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const before = (ms: number) => new Date(now.getTime() - ms);
  const SEC = 1000;
  const MIN = 60 * SEC;
  const HR = 60 * MIN;

  it('counts seconds under a minute', () => {
    expect(formatRelativeTime(now, now)).toBe('0 secs ago');
    expect(formatRelativeTime(before(999), now)).toBe('0 secs ago');
    expect(formatRelativeTime(before(SEC), now)).toBe('1 sec ago');
    expect(formatRelativeTime(before(30 * SEC), now)).toBe('30 secs ago');
    expect(formatRelativeTime(before(MIN - 1), now)).toBe('59 secs ago');
  });
  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(before(MIN), now)).toBe('1 min ago');
    expect(formatRelativeTime(before(5 * MIN + 59 * SEC), now)).toBe('5 mins ago');
    expect(formatRelativeTime(before(HR - 1), now)).toBe('59 mins ago');
  });
  it('counts hours under a day', () => {
    expect(formatRelativeTime(before(HR), now)).toBe('1 hr ago');
    expect(formatRelativeTime(before(2 * HR), now)).toBe('2 hrs ago');
    expect(formatRelativeTime(before(24 * HR - 1), now)).toBe('23 hrs ago');
  });
  it('says 1 day ago from 24 hours up to 48', () => {
    expect(formatRelativeTime(before(24 * HR), now)).toBe('1 day ago');
    expect(formatRelativeTime(before(36 * HR), now)).toBe('1 day ago');
    expect(formatRelativeTime(before(48 * HR - 1), now)).toBe('1 day ago');
  });
  it('shows the date from 48 hours', () => {
    expect(formatRelativeTime(before(48 * HR), now)).toBe('06/13/2024');
    expect(formatRelativeTime(before(400 * 24 * HR), now)).toBe(formatDate(before(400 * 24 * HR)));
  });
  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatRelativeTime(before(5 * MIN).toISOString(), now.getTime())).toBe('5 mins ago');
    expect(formatRelativeTime('2024-06-15', now)).toBe('12 hrs ago');
    expect(formatRelativeTime('2024-06-01', now)).toBe('06/01/2024');
  });
  it('treats small clock skew as now and shows the date further ahead', () => {
    expect(formatRelativeTime(before(-30 * SEC), now)).toBe('0 secs ago');
    expect(formatRelativeTime(before(-MIN), now)).toBe('0 secs ago');
    expect(formatRelativeTime(before(-MIN - 1), now)).toBe('06/15/2024');
  });
  it('shows nothing for missing input', () => {
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('garbage', now)).toBe('');
  });
});
