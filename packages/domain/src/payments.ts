/**
 * Recording a bill's payment (docs/decisions/015-recording-payments.md): which reference each payment
 * method carries, and the ABA routing-number check used for ACH payees.
 */
import type { PaymentMethod } from './enums/bills.ts';

/** What the payment's reference is called for each method (the record-payment form's label). */
export const PAYMENT_REFERENCE_LABELS: Record<PaymentMethod, string> = {
  check: 'Check number',
  ach: 'ACH trace or batch number',
  wire: 'Wire confirmation number',
  eft: 'EFT reference',
  auto: 'Autopay confirmation',
  client: 'Reference',
};

/** Methods whose payment cannot be traced without a reference; the others may leave it blank. */
export const PAYMENT_REFERENCE_REQUIRED: readonly PaymentMethod[] = ['check', 'ach', 'wire'];

export function paymentReferenceRequired(method: PaymentMethod): boolean {
  return PAYMENT_REFERENCE_REQUIRED.includes(method);
}

/**
 * A US ABA routing number: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10.
 * Catches a mistyped digit before a bank rejects the whole file.
 */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}
