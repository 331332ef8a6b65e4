import { describe, expect, it } from 'vitest';
import { checkLines } from './journal-form.ts';

describe('checkLines', () => {
  it('turns balanced dollars into cents', () => {
    const result = checkLines([
      { account: 'a', debit: '1,250.50', credit: '' },
      { account: 'b', debit: '', credit: '1250.50' },
    ]);
    expect(result).toEqual({
      lines: [
        { account: 'a', debit: 125_050, credit: 0 },
        { account: 'b', debit: 0, credit: 125_050 },
      ],
      fieldErrors: [],
      problem: null,
    });
  });

  it('names unbalanced entries and lines with both or neither side', () => {
    expect(
      checkLines([
        { account: 'a', debit: '10', credit: '' },
        { account: 'b', debit: '', credit: '9.99' },
      ]).problem,
    ).toBe('Debits must equal credits.');
    expect(checkLines([{ account: 'a', debit: '10', credit: '' }]).problem).toBe(
      'An entry needs at least two lines.',
    );
    const both = checkLines([
      { account: '', debit: '1', credit: '1' },
      { account: 'b', debit: 'x', credit: '' },
    ]);
    expect(both.fieldErrors.map((e) => [e.index, e.field])).toEqual([
      [0, 'account'],
      [0, 'debit'],
      [1, 'debit'],
    ]);
    expect(both.problem).toBeNull();
  });
});
