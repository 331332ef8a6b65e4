/**
 * Exact decimal arithmetic on strings, shared by money and percent conversions, so that
 * `0.29` dollars is 29 cents and not `Math.floor(0.29 * 100)` = 28.
 */

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * The decimal text of a finite number as a person would write it: `0.29` → '0.29', `1e-7` → '0.0000001'.
 * `null` for NaN, ±Infinity and magnitudes of 1e21 or more (not needed for money).
 */
export function numberToDecimalString(value: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Tiny magnitudes print in exponent form; 20 fraction digits are beyond any scale used here.
  return value.toFixed(20).replace(/0+$/, '');
}

/**
 * Parses decimal text into an integer scaled by 10^scale, rounding half away from zero on the
 * first dropped digit: `('12.3456', 3)` → 12346, `('1.005', 2)` → 101, `('-0.5', 0)` → -1.
 * Accepts an optional leading '-', digits and one '.', with at least one digit; anything else,
 * and results beyond Number.MAX_SAFE_INTEGER, give `null`. Never returns -0.
 */
export function parseScaledDecimal(text: string, scale: number): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let scaled = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(kept || '0');
  if ((fraction.charAt(scale) || '0') >= '5') scaled += 1n;
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const result = Number(scaled);
  return sign === '-' && result !== 0 ? -result : result;
}

/** Inserts ',' every three digits of a string of digits: '1234567' → '1,234,567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats an integer scaled by 10^scale with exactly `scale` decimals:
 * `(123456, 2, true)` → '1,234.56', `(-5, 2, false)` → '-0.05'. A fractional input is first rounded
 * half away from zero.
 */
export function formatScaledInteger(scaled: number, scale: number, grouping: boolean): string {
  const negative = scaled < 0;
  const digits = BigInt(Math.round(Math.abs(scaled)))
    .toString()
    .padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const body = `${grouping ? groupThousands(whole) : whole}${scale > 0 ? `.${fraction}` : ''}`;
  return negative && /[1-9]/.test(digits) ? `-${body}` : body;
}
