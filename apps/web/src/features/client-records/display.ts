import { formatPhone } from '@bp/domain';

/** Shown in a table cell that has no value. */
export const NO_VALUE = '—';

/** A value for a table cell: the text, or a dash when there is none. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? NO_VALUE : value;
}

/** A stored phone number as '(555) 123-4567', 'Invalid' when it is not 10 digits, a dash when blank. */
export function phoneCell(value: string | null | undefined): string {
  return value ? formatPhone(value) : NO_VALUE;
}

/** 'Seattle, WA' from the parts of an address that are there. */
export function placeOf(row: { city: string | null; state: string | null }): string {
  return orDash([row.city, row.state].filter((part) => part && part.trim() !== '').join(', '));
}
