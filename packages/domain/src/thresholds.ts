/**
 * Entity approval thresholds as the entity settings form shows and saves them (SPEC §5).
 */
import { formatScaledInteger, numberToDecimalString, parseScaledDecimal } from './decimal.ts';
import { centsToDollarsPlain, parseDollarsToCents } from './money.ts';

/** What a form field may hold: a number, typed text, or nothing. */
export type FieldInput = number | string | null | undefined;

function isBlank(value: FieldInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * A threshold entered in dollars → cents to save (×100, exactly): 250 → 25000, '1,000.50' → 100050.
 * Blank → 0. Throws a RangeError on non-numeric text (validate the field first).
 */
export function thresholdDollarsToCents(value: FieldInput): number {
  if (isBlank(value)) return 0;
  const cents = parseDollarsToCents(value);
  if (cents === null) throw new RangeError(`Not a dollar amount: ${JSON.stringify(String(value))}`);
  return cents;
}

/**
 * The cents to send for `client_pre_approval_threshold` (flag `client_pre_approval_required`) or
 * `multiple_approver_threshold` (flag `enable_multiple_approvers`): 0 when the flag is off or the
 * field is blank, otherwise the dollars entered ×100. Throws like {@link thresholdDollarsToCents}.
 */
export function thresholdForSave(flagOn: boolean, value: FieldInput): number {
  return flagOn ? thresholdDollarsToCents(value) : 0;
}

/** A saved threshold in cents → the dollars shown in its field ('' when none): 25000 → '250.00'. */
export function thresholdForForm(cents: number | null | undefined): string {
  return centsToDollarsPlain(cents);
}

/** Decimals of allowable_payment_threshold as a fraction (sent) and as a percent (shown). */
export const PAYMENT_THRESHOLD_FRACTION_DECIMALS = 5;
export const PAYMENT_THRESHOLD_PERCENT_DECIMALS = 3;

/**
 * allowable_payment_threshold fraction → the percent shown, with 3 decimals:
 * 0.05 → '5.000', 0.12346 → '12.346', 1 → '100.000'. '' for null (auto-approve off) or non-finite.
 * The fraction is first rounded to 5 decimals, the precision it is saved with.
 */
export function paymentThresholdToPercent(fraction: number | null | undefined): string {
  if (typeof fraction !== 'number') return '';
  const text = numberToDecimalString(fraction);
  const scaled = text === null ? null : parseScaledDecimal(text, PAYMENT_THRESHOLD_FRACTION_DECIMALS);
  return scaled === null ? '' : formatScaledInteger(scaled, PAYMENT_THRESHOLD_PERCENT_DECIMALS, false);
}

/**
 * The percent entered → allowable_payment_threshold to send: a fraction with 5 decimals
 * (5 → 0.05, '12.3456' → 0.12346, half away from zero), or `null` when auto-approve is off.
 * Blank with auto-approve on → 0. Throws a RangeError on non-numeric text.
 */
export function percentToPaymentThreshold(autoApprove: boolean, percent: FieldInput): number | null {
  if (!autoApprove) return null;
  if (isBlank(percent)) return 0;
  const text = typeof percent === 'number' ? numberToDecimalString(percent) : percent.trim();
  const thousandths = text === null ? null : parseScaledDecimal(text, PAYMENT_THRESHOLD_PERCENT_DECIMALS);
  if (thousandths === null) throw new RangeError(`Not a percent: ${JSON.stringify(String(percent))}`);
  // percent with 3 decimals / 100 = fraction with 5 decimals; an exact integer over 10^5 is the
  // nearest double to the decimal, the same number the literal (e.g. 0.12346) denotes.
  return thousandths / 10 ** PAYMENT_THRESHOLD_FRACTION_DECIMALS;
}
