import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber, paymentReferenceRequired } from './payments.ts';

describe('payments', () => {
  it('requires a reference for check, ACH and wire only', () => {
    expect(paymentReferenceRequired('check')).toBe(true);
    expect(paymentReferenceRequired('ach')).toBe(true);
    expect(paymentReferenceRequired('wire')).toBe(true);
    expect(paymentReferenceRequired('auto')).toBe(false);
    expect(paymentReferenceRequired('client')).toBe(false);
  });

  it('checks ABA routing numbers by their checksum', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true); // Federal Reserve Bank of Boston
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false); // one digit off
    expect(isValidRoutingNumber('02100002')).toBe(false);
    expect(isValidRoutingNumber('02100002a')).toBe(false);
  });
});
