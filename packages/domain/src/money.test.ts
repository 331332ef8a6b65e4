import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollarNumber,
  centsToDollars,
  centsToDollarsPlain,
  dollarsToCents,
  formatMoney,
  parseDollarsToCents,
} from './money.ts';

describe('centsToDollars', () => {
  it('shows dollars with grouping and two decimals', () => {
    expect(centsToDollars(123456)).toBe('1,234.56');
    expect(centsToDollars(0)).toBe('0.00');
    expect(centsToDollars(1)).toBe('0.01');
    expect(centsToDollars(99)).toBe('0.99');
    expect(centsToDollars(100)).toBe('1.00');
    expect(centsToDollars(99999)).toBe('999.99');
    expect(centsToDollars(100000)).toBe('1,000.00');
    expect(centsToDollars(123456789012)).toBe('1,234,567,890.12');
    expect(centsToDollars(-123456)).toBe('-1,234.56');
  });
  it('rounds fractional cents half away from zero', () => {
    expect(centsToDollars(10.5)).toBe('0.11');
    expect(centsToDollars(-10.5)).toBe('-0.11');
    expect(centsToDollars(10.4)).toBe('0.10');
  });
  it('shows nothing without an amount', () => {
    expect(centsToDollars(null)).toBe('');
    expect(centsToDollars(undefined)).toBe('');
    expect(centsToDollars(Number.NaN)).toBe('');
    expect(centsToDollars(Number.POSITIVE_INFINITY)).toBe('');
  });
  it('has a variant without grouping', () => {
    expect(centsToDollarsPlain(123456)).toBe('1234.56');
    expect(centsToDollarsPlain(-100000000)).toBe('-1000000.00');
    expect(centsToDollarsPlain(null)).toBe('');
  });
});

describe('formatMoney', () => {
  it('prefixes a dollar sign after the minus', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(null)).toBe('');
  });
});

describe('parseDollarsToCents', () => {
  it('avoids the float trap', () => {
    expect(Math.floor(0.29 * 100)).toBe(28); // the trap itself
    expect(parseDollarsToCents(0.29)).toBe(29);
    expect(parseDollarsToCents(0.57)).toBe(57);
    expect(parseDollarsToCents(1.15)).toBe(115);
    expect(parseDollarsToCents(1.005)).toBe(101);
    expect(parseDollarsToCents(4.35)).toBe(435);
  });
  it('reads numbers and formatted strings', () => {
    expect(parseDollarsToCents(1234.5)).toBe(123450);
    expect(parseDollarsToCents('1,234.5')).toBe(123450);
    expect(parseDollarsToCents('1,234,567.89')).toBe(123456789);
    expect(parseDollarsToCents('$12')).toBe(1200);
    expect(parseDollarsToCents(' -$3.10 ')).toBe(-310);
    expect(parseDollarsToCents('-3.10')).toBe(-310);
    expect(parseDollarsToCents('.5')).toBe(50);
    expect(parseDollarsToCents('0')).toBe(0);
    expect(parseDollarsToCents(1e-7)).toBe(0);
  });
  it('rejects non-numeric input', () => {
    for (const bad of ['', '  ', 'abc', '12abc', '1.2.3', '$', '-', ',5', '1,', '1,,000', '1e3', 'NaN']) {
      expect(parseDollarsToCents(bad)).toBeNull();
    }
    expect(parseDollarsToCents(Number.NaN)).toBeNull();
    expect(parseDollarsToCents(Number.NEGATIVE_INFINITY)).toBeNull();
    expect(parseDollarsToCents(null)).toBeNull();
    expect(parseDollarsToCents(undefined)).toBeNull();
    expect(parseDollarsToCents(1e20)).toBeNull();
  });
  it('round-trips every cents amount through its display forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (cents) => {
        expect(parseDollarsToCents(centsToDollars(cents))).toBe(cents);
        expect(parseDollarsToCents(centsToDollarsPlain(cents))).toBe(cents);
        expect(parseDollarsToCents(formatMoney(cents))).toBe(cents);
        expect(parseDollarsToCents(centsToDollarNumber(cents))).toBe(cents);
      }),
    );
  });
});

describe('dollarsToCents', () => {
  it('converts or throws', () => {
    expect(dollarsToCents('10.01')).toBe(1001);
    expect(() => dollarsToCents('ten')).toThrow(RangeError);
  });
});
