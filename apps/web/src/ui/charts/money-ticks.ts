const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Axis values are short: $6.4K rather than $6,420.00 (cents in). */
export const compactMoneyTick = (cents: number) => compactDollars.format(cents / 100);
