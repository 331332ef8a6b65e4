/**
 * Number shortening and limits (SPEC §9).
 */
import { formatMoney } from './money.ts';

/** Shown for a limit of 0 (no limit). */
export const UNLIMITED_LABEL = 'Unlimited';

/** `value / unit` with one decimal at most, truncated (1999 → '1.9' k: a count never reads higher). */
function inUnits(value: number, unit: number): string {
  // Integer tenths first, so the only float step is one division by 10 (exact to print).
  return String(Math.trunc(value / (unit / 10)) / 10);
}

/**
 * Short form of a count: 'k' above 1,000, 'M' above 1,000,000, one decimal at most, truncated:
 * 999 → '999', 1000 → '1000' (not above 1,000), 1001 → '1k', 1500 → '1.5k', 999_999 → '999.9k',
 * 1_000_000 → '1000k', 1_000_001 → '1M', 2_500_000 → '2.5M'. Negative numbers keep their sign.
 * '' for NaN and ±Infinity.
 */
export function shortenNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  if (magnitude > 1_000_000) return `${sign}${inUnits(magnitude, 1_000_000)}M`;
  if (magnitude > 1000) return `${sign}${inUnits(magnitude, 1000)}k`;
  return String(value);
}

/**
 * A money limit in cents: 'Unlimited' when it is 0 (or missing), otherwise '$1,234.56'.
 * Used for designee permission limits.
 */
export function formatLimit(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || cents === 0) return UNLIMITED_LABEL;
  return formatMoney(cents);
}
