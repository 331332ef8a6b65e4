import {
  INVOICE_SOURCE_LABELS,
  INVOICE_SOURCE_VALUES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
} from '@bp/domain';

export interface Choice {
  value: string;
  label: string;
}

/** Choices from rows, plus the one already chosen when the list no longer has it (archived, inactive). */
export function withCurrent(choices: Choice[], current: Choice | null): Choice[] {
  if (!current || current.value === '' || choices.some((c) => c.value === current.value)) return choices;
  return [current, ...choices];
}

/** An enumeration's values with their labels, in the enumeration's order. */
export function choicesOf<V extends string>(values: readonly V[], labels: Record<V, string>): Choice[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const PAYMENT_METHOD_CHOICES = choicesOf(PAYMENT_METHOD_VALUES, PAYMENT_METHOD_LABELS);
export const INVOICE_SOURCE_CHOICES = choicesOf(INVOICE_SOURCE_VALUES, INVOICE_SOURCE_LABELS);
