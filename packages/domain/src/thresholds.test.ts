import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  paymentThresholdToPercent,
  percentToPaymentThreshold,
  thresholdDollarsToCents,
  thresholdForForm,
  thresholdForSave,
} from './thresholds.ts';

describe('thresholdDollarsToCents', () => {
  it('multiplies dollars by 100 exactly', () => {
    expect(thresholdDollarsToCents(250)).toBe(25000);
    expect(thresholdDollarsToCents('1,000.50')).toBe(100050);
    expect(thresholdDollarsToCents(0.29)).toBe(29);
    expect(thresholdDollarsToCents('0')).toBe(0);
  });
  it('treats blank as 0 and rejects text', () => {
    expect(thresholdDollarsToCents('')).toBe(0);
    expect(thresholdDollarsToCents('   ')).toBe(0);
    expect(thresholdDollarsToCents(null)).toBe(0);
    expect(thresholdDollarsToCents(undefined)).toBe(0);
    expect(() => thresholdDollarsToCents('lots')).toThrow(RangeError);
  });
});

describe('thresholdForSave', () => {
  it('sends 0 when the flag is off, whatever the field holds', () => {
    expect(thresholdForSave(false, 500)).toBe(0);
    expect(thresholdForSave(false, 'garbage')).toBe(0);
    expect(thresholdForSave(false, null)).toBe(0);
  });
  it('sends 0 when the field is blank', () => {
    expect(thresholdForSave(true, '')).toBe(0);
    expect(thresholdForSave(true, null)).toBe(0);
    expect(thresholdForSave(true, undefined)).toBe(0);
  });
  it('sends cents when on and filled', () => {
    expect(thresholdForSave(true, 500)).toBe(50000);
    expect(thresholdForSave(true, '10,000')).toBe(1000000);
  });
});

describe('thresholdForForm', () => {
  it('shows saved cents as plain dollars', () => {
    expect(thresholdForForm(25000)).toBe('250.00');
    expect(thresholdForForm(100000000)).toBe('1000000.00');
    expect(thresholdForForm(null)).toBe('');
  });
});

describe('paymentThresholdToPercent', () => {
  it('shows the fraction as a percent with 3 decimals', () => {
    expect(paymentThresholdToPercent(0.05)).toBe('5.000');
    expect(paymentThresholdToPercent(0.12346)).toBe('12.346');
    expect(paymentThresholdToPercent(0.07)).toBe('7.000');
    expect(paymentThresholdToPercent(0)).toBe('0.000');
    expect(paymentThresholdToPercent(1)).toBe('100.000');
    expect(paymentThresholdToPercent(0.00001)).toBe('0.001');
  });
  it('rounds a finer fraction to 5 decimals first', () => {
    expect(paymentThresholdToPercent(0.123455)).toBe('12.346');
    expect(paymentThresholdToPercent(0.123454)).toBe('12.345');
  });
  it('shows nothing when auto-approve is off', () => {
    expect(paymentThresholdToPercent(null)).toBe('');
    expect(paymentThresholdToPercent(undefined)).toBe('');
    expect(paymentThresholdToPercent(Number.NaN)).toBe('');
  });
});

describe('percentToPaymentThreshold', () => {
  it('sends a fraction with 5 decimals', () => {
    expect(percentToPaymentThreshold(true, 5)).toBe(0.05);
    expect(percentToPaymentThreshold(true, 12.3456)).toBe(0.12346);
    expect(percentToPaymentThreshold(true, '12.3454')).toBe(0.12345);
    expect(percentToPaymentThreshold(true, '7')).toBe(0.07);
    expect(percentToPaymentThreshold(true, 100)).toBe(1);
    expect(percentToPaymentThreshold(true, 0.0005)).toBe(0.00001);
    expect(percentToPaymentThreshold(true, 0.0004)).toBe(0);
  });
  it('sends null when auto-approve is off', () => {
    expect(percentToPaymentThreshold(false, 5)).toBeNull();
    expect(percentToPaymentThreshold(false, 'x')).toBeNull();
  });
  it('sends 0 for blank and rejects text', () => {
    expect(percentToPaymentThreshold(true, '')).toBe(0);
    expect(percentToPaymentThreshold(true, null)).toBe(0);
    expect(() => percentToPaymentThreshold(true, '5%')).toThrow(RangeError);
    expect(() => percentToPaymentThreshold(true, Number.NaN)).toThrow(RangeError);
  });
  it('round-trips with the shown percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (hundredThousandths) => {
        const fraction = hundredThousandths / 100_000;
        const shown = paymentThresholdToPercent(fraction);
        expect(percentToPaymentThreshold(true, shown)).toBe(fraction);
      }),
    );
  });
});
