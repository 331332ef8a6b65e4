/**
 * Feeder rules of the books (issue 17, decision 034): the pure parts shared by the API and the web: how a
 * bank line's amount splits by percentages into whole cents, and the rule a user's correction suggests.
 */

/** Percent as basis points: 100% = 10,000. Percentages in the API have at most two decimals. */
export const FULL_SHARE_BP = 10_000;

/**
 * Splits signed `cents` by shares in basis points (summing to 10,000) into whole cents that sum exactly to
 * `cents`: every split but the last is truncated towards zero, the last takes the remainder, so rounding
 * never makes or loses a cent and the split is the same whatever the sign.
 */
export function splitCents(cents: number, sharesBp: readonly number[]): number[] {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  if (sharesBp.length === 0) throw new RangeError('at least one share');
  if (sharesBp.reduce((s, b) => s + b, 0) !== FULL_SHARE_BP) throw new RangeError('shares must sum to 100%');
  const sign = cents < 0 ? -1 : 1;
  const whole = Math.abs(cents);
  const parts = sharesBp.slice(0, -1).map((bp) => {
    // BigInt: |cents| × 10,000 can pass 2^53 for the largest amounts.
    return Number((BigInt(whole) * BigInt(bp)) / BigInt(FULL_SHARE_BP));
  });
  const last = whole - parts.reduce((s, p) => s + p, 0);
  return [...parts, last].map((p) => (p === 0 ? 0 : sign * p));
}

/** Percent (up to two decimals) → basis points. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/**
 * The words of a bank line's description worth matching on: reference numbers, dates and card digits
 * change from one month to the next ("AMAZON MKTPLACE 8842 12/03"), the merchant's words do not.
 */
export function stableDescription(description: string): string {
  const words = description
    .split(/\s+/)
    .filter((w) => w.length > 0 && !/\d/.test(w) && !/^[#*/.\-:]+$/.test(w));
  return words.slice(0, 4).join(' ');
}

/** What a correction suggests as a rule: match the line's stable words on its account and direction. */
export interface SuggestedRuleFilters {
  description_contains: string | null;
  bank_account: string;
  direction: 'in' | 'out';
}

export function suggestedRuleFilters(line: {
  description: string;
  bank_account: { guid: string };
  amount: number;
}): SuggestedRuleFilters {
  const words = stableDescription(line.description);
  return {
    description_contains: words.length > 0 ? words : line.description.trim().slice(0, 200) || null,
    bank_account: line.bank_account.guid,
    direction: line.amount < 0 ? 'out' : 'in',
  };
}

/**
 * A rule filter's "matches" pattern: `*` any run of characters, `?` one character, everything else
 * literal, case-insensitive, whole description. Wildcards rather than regular expressions: a user's
 * pattern runs in the database on every line, and a wildcard pattern cannot backtrack without end.
 */
export function wildcardToLike(pattern: string): string {
  return pattern.replace(/[\\%_*?]/g, (c) => (c === '*' ? '%' : c === '?' ? '_' : `\\${c}`));
}

/** The same pattern tested in memory (the web's preview of a single line, tests). */
export function wildcardMatches(pattern: string, text: string): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\*?]/g, (c) =>
    c === '*' ? '.*' : c === '?' ? '.' : `\\${c}`,
  );
  return new RegExp(`^${source}$`, 'is').test(text);
}
