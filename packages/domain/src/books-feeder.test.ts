import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FULL_SHARE_BP,
  percentToBp,
  splitCents,
  stableDescription,
  suggestedRuleFilters,
  wildcardMatches,
  wildcardToLike,
} from './books-feeder.ts';

/** Shares in basis points summing to 100%: n−1 cut points in 1..9,999. */
const sharesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: FULL_SHARE_BP - 1 }), { maxLength: 5 })
  .map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), FULL_SHARE_BP];
    return points.slice(1).map((p, i) => p - (points[i] ?? 0));
  });

describe('splitCents', () => {
  it('splits into whole cents summing exactly to the amount, the remainder on the last split', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), sharesArb, (cents, shares) => {
        const parts = splitCents(cents, shares);
        expect(parts).toHaveLength(shares.length);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(cents);
        for (const [i, part] of parts.entries()) {
          expect(Number.isInteger(part)).toBe(true);
          // Never the other side of the amount, and each split but the last is its share truncated.
          expect(part * Math.sign(cents)).toBeGreaterThanOrEqual(0);
          if (i < parts.length - 1)
            expect(Math.abs(part)).toBe(Math.floor((Math.abs(cents) * (shares[i] ?? 0)) / FULL_SHARE_BP));
        }
        // The last split is off its exact share by less than one cent per split.
        const last = Math.abs(parts.at(-1) ?? 0);
        const exact = (Math.abs(cents) * (shares.at(-1) ?? 0)) / FULL_SHARE_BP;
        expect(last - exact).toBeGreaterThanOrEqual(-1e-6);
        expect(last - exact).toBeLessThan(shares.length);
      }),
    );
  });

  it('splits 100.01 three ways as 33.33, 33.33, 33.35 and mirrors the sign', () => {
    expect(splitCents(10_001, [3333, 3333, 3334])).toEqual([3333, 3333, 3335]);
    expect(splitCents(-10_001, [3333, 3333, 3334])).toEqual([-3333, -3333, -3335]);
    expect(splitCents(1, [5000, 5000])).toEqual([0, 1]);
    expect(() => splitCents(100, [5000, 4000])).toThrow(RangeError);
    expect(percentToBp(33.33)).toBe(3333);
  });
});

describe('rules from a correction', () => {
  it('keeps the merchant words, not the numbers that change each month', () => {
    expect(stableDescription('AMAZON MKTPLACE 8842 12/03 SEATTLE WA')).toBe('AMAZON MKTPLACE SEATTLE WA');
    expect(stableDescription('CHECK 1042')).toBe('CHECK');
    expect(
      suggestedRuleFilters({ description: 'PG&E WEB ONLINE 0312', bank_account: { guid: 'g' }, amount: -5 }),
    ).toEqual({ description_contains: 'PG&E WEB ONLINE', bank_account: 'g', direction: 'out' });
    expect(suggestedRuleFilters({ description: '12345', bank_account: { guid: 'g' }, amount: 9 })).toEqual({
      description_contains: '12345',
      bank_account: 'g',
      direction: 'in',
    });
  });

  it('turns wildcards into a LIKE pattern with every other character literal', () => {
    expect(wildcardToLike('UBER *TRIP?')).toBe('UBER %TRIP_');
    expect(wildcardToLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(wildcardMatches('uber *trip?', 'UBER   EATS TRIPS')).toBe(true);
    expect(wildcardMatches('uber *trip', 'UBER EATS TRIPS')).toBe(false);
    expect(wildcardMatches('a.c', 'abc')).toBe(false);
  });
});
