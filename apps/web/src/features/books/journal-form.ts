import { parseDollarsToCents, unbalancedReason } from '@bp/domain';

/** A line as the entry form holds it: dollars as typed. */
export interface LineValues {
  account: string;
  debit: string;
  credit: string;
}

/**
 * The form's lines in cents, with a message per field that is wrong and one for the whole entry when it
 * does not balance (the same rule the API and the database apply, from @bp/domain).
 */
export function checkLines(lines: readonly LineValues[]): {
  lines: { account: string; debit: number; credit: number }[];
  fieldErrors: { index: number; field: keyof LineValues; message: string }[];
  problem: string | null;
} {
  const fieldErrors: { index: number; field: keyof LineValues; message: string }[] = [];
  const parsed = lines.map((line, index) => {
    if (!line.account) fieldErrors.push({ index, field: 'account', message: 'Choose an account.' });
    const debit = line.debit.trim() === '' ? 0 : parseDollarsToCents(line.debit);
    const credit = line.credit.trim() === '' ? 0 : parseDollarsToCents(line.credit);
    if (debit === null || debit < 0) fieldErrors.push({ index, field: 'debit', message: 'Enter an amount.' });
    if (credit === null || credit < 0)
      fieldErrors.push({ index, field: 'credit', message: 'Enter an amount.' });
    if (debit !== null && credit !== null && (debit === 0) === (credit === 0))
      fieldErrors.push({ index, field: 'debit', message: 'Enter either a debit or a credit.' });
    return { account: line.account, debit: debit ?? 0, credit: credit ?? 0 };
  });
  const problem = fieldErrors.length > 0 ? null : unbalancedReason(parsed);
  return { lines: parsed, fieldErrors, problem };
}
