import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneAsTyped, isValidPhone, normalizePhone, toE164 } from './phone.ts';

describe('normalizePhone', () => {
  it('keeps digits and drops a leading +1', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('+15551234567')).toBe('5551234567');
    expect(normalizePhone('(555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('555.123.4567')).toBe('5551234567');
  });
  it('drops a bare leading 1 only from 11 digits', () => {
    expect(normalizePhone('15551234567')).toBe('5551234567');
    expect(normalizePhone('1-555-123-4567')).toBe('5551234567');
    expect(normalizePhone('1555123456')).toBe('1555123456');
    expect(normalizePhone('25551234567')).toBe('25551234567');
  });
  it('keeps other country codes', () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('442079460958');
  });
  it('is empty for nothing', () => {
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone(null)).toBe('');
    expect(normalizePhone(undefined)).toBe('');
  });
});

describe('isValidPhone', () => {
  it('needs exactly 10 digits', () => {
    expect(isValidPhone('555123456')).toBe(false);
    expect(isValidPhone('5551234567')).toBe(true);
    expect(isValidPhone('55512345678')).toBe(false);
    expect(isValidPhone('+15551234567')).toBe(true);
    expect(isValidPhone('+1555123456')).toBe(false);
    expect(isValidPhone('+445551234567')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });
});

describe('formatPhone', () => {
  it('formats valid numbers', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhone('15551234567')).toBe('(555) 123-4567');
  });
  it('shows Invalid otherwise', () => {
    expect(formatPhone('123')).toBe('Invalid');
    expect(formatPhone('')).toBe('Invalid');
    expect(formatPhone(null)).toBe('Invalid');
    expect(formatPhone('+44 20 7946 0958')).toBe('Invalid');
  });
});

describe('toE164', () => {
  it('prefixes +1 to valid numbers only', () => {
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('12345')).toBeNull();
  });
});

describe('formatPhoneAsTyped', () => {
  it('formats a US number as it is typed', () => {
    expect(formatPhoneAsTyped('5551')).toBe('(555) 1');
    expect(formatPhoneAsTyped('5551234')).toBe('(555) 123-4');
    expect(formatPhoneAsTyped('5551234567')).toBe('(555) 123-4567');
  });
});
