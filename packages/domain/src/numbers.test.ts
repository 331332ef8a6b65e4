import { describe, expect, it } from 'vitest';
import { formatLimit, shortenNumber } from './numbers.ts';

describe('shortenNumber', () => {
  it('keeps numbers up to 1000', () => {
    expect(shortenNumber(0)).toBe('0');
    expect(shortenNumber(999)).toBe('999');
    expect(shortenNumber(1000)).toBe('1000');
    expect(shortenNumber(12.5)).toBe('12.5');
  });
  it('uses k above 1000', () => {
    expect(shortenNumber(1001)).toBe('1k');
    expect(shortenNumber(1099)).toBe('1k');
    expect(shortenNumber(1100)).toBe('1.1k');
    expect(shortenNumber(1500)).toBe('1.5k');
    expect(shortenNumber(1999)).toBe('1.9k');
    expect(shortenNumber(25_000)).toBe('25k');
    expect(shortenNumber(999_999)).toBe('999.9k');
    expect(shortenNumber(1_000_000)).toBe('1000k');
  });
  it('uses M above a million', () => {
    expect(shortenNumber(1_000_001)).toBe('1M');
    expect(shortenNumber(2_500_000)).toBe('2.5M');
    expect(shortenNumber(4_350_000)).toBe('4.3M');
    expect(shortenNumber(1_234_567_890)).toBe('1234.5M');
  });
  it('keeps the sign and rejects non-finite', () => {
    expect(shortenNumber(-1500)).toBe('-1.5k');
    expect(shortenNumber(-2_500_000)).toBe('-2.5M');
    expect(shortenNumber(-1000)).toBe('-1000');
    expect(shortenNumber(Number.NaN)).toBe('');
    expect(shortenNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatLimit', () => {
  it('shows Unlimited for 0 or no limit', () => {
    expect(formatLimit(0)).toBe('Unlimited');
    expect(formatLimit(null)).toBe('Unlimited');
    expect(formatLimit(undefined)).toBe('Unlimited');
  });
  it('shows money otherwise', () => {
    expect(formatLimit(1)).toBe('$0.01');
    expect(formatLimit(500_000)).toBe('$5,000.00');
  });
});
