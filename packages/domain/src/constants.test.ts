import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  CLIENT_PROPERTY_DEFAULT,
  DATE_FORMAT,
  DEFAULT_PAGE_SIZE,
  ENTITY_REFETCH_INTERVAL_MS,
  filterValue,
  MFA_CODE_LENGTH,
  PRIMARY_COLOR,
  THIRD_APPROVAL_THRESHOLD_CENTS,
  TOAST_TIMEOUT_MS,
  YEAR_LIST_LENGTH,
} from './constants.ts';

describe('constants of SPEC §9', () => {
  it('have the given values', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(THIRD_APPROVAL_THRESHOLD_CENTS).toBe(10_000 * 100);
    expect(MFA_CODE_LENGTH).toBe(6);
    expect(TOAST_TIMEOUT_MS).toBe(3000);
    expect(ENTITY_REFETCH_INTERVAL_MS).toBe(60_000);
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 1100, xl: 1381 });
    expect(PRIMARY_COLOR).toBe('#2B388D');
    expect(CLIENT_PROPERTY_DEFAULT).toBe('0');
    expect(YEAR_LIST_LENGTH).toBe(50);
    expect(DATE_FORMAT).toBe('MM/dd/yyyy');
  });
});

describe('filterValue', () => {
  it('drops the all-* values and blanks', () => {
    expect(filterValue('all-entities')).toBeUndefined();
    expect(filterValue('all-clients')).toBeUndefined();
    expect(filterValue('')).toBeUndefined();
    expect(filterValue(null)).toBeUndefined();
    expect(filterValue(undefined)).toBeUndefined();
  });
  it('keeps real values', () => {
    expect(filterValue('8f3c')).toBe('8f3c');
    expect(filterValue('all')).toBe('all');
  });
});
