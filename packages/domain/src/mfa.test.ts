import { describe, expect, it } from 'vitest';
import { MFA_CODE_LENGTH } from './constants.ts';
import { isValidMfaCode, sanitizeMfaCode } from './mfa.ts';

describe('isValidMfaCode', () => {
  it('accepts exactly 6 digits', () => {
    expect(MFA_CODE_LENGTH).toBe(6);
    expect(isValidMfaCode('123456')).toBe(true);
    expect(isValidMfaCode('000000')).toBe(true);
  });
  it('rejects other lengths and characters', () => {
    for (const bad of [
      '12345',
      '1234567',
      '',
      '12345a',
      '123 456',
      ' 123456',
      '123456\n',
      '-12345',
      '١٢٣٤٥٦',
    ]) {
      expect(isValidMfaCode(bad)).toBe(false);
    }
    expect(isValidMfaCode(null)).toBe(false);
    expect(isValidMfaCode(undefined)).toBe(false);
  });
});

describe('sanitizeMfaCode', () => {
  it('keeps up to 6 digits', () => {
    expect(sanitizeMfaCode(' 123 456')).toBe('123456');
    expect(sanitizeMfaCode('12-34-56-78')).toBe('123456');
    expect(sanitizeMfaCode('ab')).toBe('');
  });
});
