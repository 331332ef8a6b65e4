import { describe, expect, it } from 'vitest';
import { calendarDayIn, startOfDay, zoneOrNull } from './time-zone.ts';

describe('calendar days in a time zone', () => {
  it('starts a day at local midnight, across daylight-saving changes', () => {
    expect(startOfDay('2026-01-15', null).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(startOfDay('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDay('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // 8 March 2026: clocks go forward at 02:00, midnight is still EST.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York', 1).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-01-15', 'Asia/Kolkata').toISOString()).toBe('2026-01-14T18:30:00.000Z');
    expect(startOfDay('2026-12-31', 'Pacific/Auckland', 1).toISOString()).toBe('2026-12-31T11:00:00.000Z');
    expect(startOfDay('2026-02-28', null, 1).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('knows real zone names and nothing else', () => {
    expect(zoneOrNull('Europe/Paris')).toBe('Europe/Paris');
    expect(zoneOrNull('Mars/Olympus')).toBeNull();
    expect(zoneOrNull('')).toBeNull();
    expect(zoneOrNull(undefined)).toBeNull();
    expect(zoneOrNull(['UTC'])).toBeNull();
  });

  it('names the calendar day an instant falls on in the zone, UTC without one', () => {
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(calendarDayIn(instant, null)).toBe('2026-03-01');
    expect(calendarDayIn(instant, 'America/New_York')).toBe('2026-02-28');
    expect(calendarDayIn(instant, 'Asia/Kolkata')).toBe('2026-03-01');
    // Asked twice: the formatter kept from the first call answers the same.
    expect(calendarDayIn(new Date('2026-12-31T23:30:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
    expect(calendarDayIn(new Date('2026-12-31T23:30:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });
});
