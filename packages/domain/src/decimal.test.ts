import { describe, expect, it } from 'vitest';
import { formatScaledInteger, groupThousands, numberToDecimalString, parseScaledDecimal } from './decimal.ts';

describe('numberToDecimalString', () => {
  it('writes plain and tiny numbers without exponent', () => {
    expect(numberToDecimalString(0.29)).toBe('0.29');
    expect(numberToDecimalString(1e-7)).toBe('0.0000001');
    expect(numberToDecimalString(-12)).toBe('-12');
  });
  it('rejects non-finite and huge numbers', () => {
    expect(numberToDecimalString(Number.NaN)).toBeNull();
    expect(numberToDecimalString(Number.POSITIVE_INFINITY)).toBeNull();
    expect(numberToDecimalString(1e21)).toBeNull();
  });
});

describe('parseScaledDecimal', () => {
  it('scales exactly', () => {
    expect(parseScaledDecimal('0.29', 2)).toBe(29);
    expect(parseScaledDecimal('12.3456', 3)).toBe(12346);
    expect(parseScaledDecimal('12.3454', 3)).toBe(12345);
    expect(parseScaledDecimal('5', 3)).toBe(5000);
    expect(parseScaledDecimal('.5', 2)).toBe(50);
    expect(parseScaledDecimal('7.', 2)).toBe(700);
  });
  it('rounds half away from zero', () => {
    expect(parseScaledDecimal('1.005', 2)).toBe(101);
    expect(parseScaledDecimal('1.0049999', 2)).toBe(100);
    expect(parseScaledDecimal('-1.005', 2)).toBe(-101);
    expect(parseScaledDecimal('-0.5', 0)).toBe(-1);
  });
  it('never returns -0', () => {
    expect(Object.is(parseScaledDecimal('-0', 2), 0)).toBe(true);
    expect(Object.is(parseScaledDecimal('-0.001', 2), 0)).toBe(true);
  });
  it('rejects malformed text and unsafe results', () => {
    for (const bad of ['', '.', '-', 'abc', '1.2.3', '1e5', ' 1', '+1', '--1', '1-']) {
      expect(parseScaledDecimal(bad, 2)).toBeNull();
    }
    expect(parseScaledDecimal('90071992547409.91', 2)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseScaledDecimal('90071992547409.92', 2)).toBeNull();
  });
});

describe('formatScaledInteger', () => {
  it('pads and groups', () => {
    expect(formatScaledInteger(123456, 2, true)).toBe('1,234.56');
    expect(formatScaledInteger(123456, 2, false)).toBe('1234.56');
    expect(formatScaledInteger(5, 2, true)).toBe('0.05');
    expect(formatScaledInteger(0, 3, true)).toBe('0.000');
    expect(formatScaledInteger(42, 0, true)).toBe('42');
  });
  it('keeps the sign of non-zero values only', () => {
    expect(formatScaledInteger(-5, 2, true)).toBe('-0.05');
    expect(formatScaledInteger(-0, 2, true)).toBe('0.00');
    expect(formatScaledInteger(-0.4, 2, true)).toBe('0.00');
  });
  it('groups thousands', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1000')).toBe('1,000');
  });
});
