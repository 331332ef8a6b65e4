/**
 * Money (SPEC §5, §9): amounts are integer cents everywhere and shown as dollars with two decimals.
 */
import { formatScaledInteger, numberToDecimalString, parseScaledDecimal } from './decimal.ts';

/** Cents in one dollar. */
export const CENTS_PER_DOLLAR = 100;

/** A cents amount to display; `null`/`undefined` (and NaN, ±Infinity) display as ''. */
export type CentsInput = number | null | undefined;

function isShowable(cents: CentsInput): cents is number {
  return typeof cents === 'number' && Number.isFinite(cents);
}

/**
 * Cents → dollars with thousands separators and two decimals: 123456 → '1,234.56', -5 → '-0.05'.
 * Fractional cents are rounded half away from zero. '' for null, undefined, NaN or ±Infinity.
 */
export function centsToDollars(cents: CentsInput): string {
  return isShowable(cents) ? formatScaledInteger(cents, 2, true) : '';
}

/** Like {@link centsToDollars} without grouping, for input fields: 123456 → '1234.56'. */
export function centsToDollarsPlain(cents: CentsInput): string {
  return isShowable(cents) ? formatScaledInteger(cents, 2, false) : '';
}

/** Cents → '$1,234.56'; negative amounts as '-$1,234.56'; '' when there is no amount. */
export function formatMoney(cents: CentsInput): string {
  if (!isShowable(cents)) return '';
  const text = centsToDollars(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Dollars → integer cents, exactly (0.29 → 29, '1,234.5' → 123450, '$12' → 1200, '-3.10' → -310).
 * Strings may carry surrounding spaces, a '$' (after an optional '-') and ',' separators.
 * More than two decimals are rounded half away from zero on the third ('1.005' → 101).
 * Returns `null` for blank or non-numeric input, NaN, ±Infinity, or an amount beyond safe integers.
 */
export function parseDollarsToCents(input: number | string | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  let text: string | null;
  if (typeof input === 'number') {
    text = numberToDecimalString(input);
  } else {
    text = input.trim().replace(/^(-?)\s*\$\s*/, '$1');
    // Separators only between digits: '1,234' yes, ',5' or '1,' no.
    if (/(^|\D),|,(\D|$)/.test(text)) return null;
    text = text.replaceAll(',', '');
  }
  return text === null ? null : parseScaledDecimal(text, 2);
}

/** Like {@link parseDollarsToCents} but throws a RangeError on input it rejects. */
export function dollarsToCents(input: number | string): number {
  const cents = parseDollarsToCents(input);
  if (cents === null) throw new RangeError(`Not a dollar amount: ${JSON.stringify(String(input))}`);
  return cents;
}

/** Cents → dollars as a number (for charts and arithmetic display; never for storage). */
export function centsToDollarNumber(cents: number): number {
  return cents / CENTS_PER_DOLLAR;
}
