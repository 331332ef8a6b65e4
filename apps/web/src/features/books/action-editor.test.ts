import { describe, expect, it } from 'vitest';
import { actionOf, actionValuesOf, EMPTY_ACTION } from './action-editor.tsx';

describe('the categorisation a user writes', () => {
  it('sends splits that add up to 100, with the vendor, and says what is missing otherwise', () => {
    expect(actionOf(EMPTY_ACTION)).toEqual({ problem: 'Choose an account for each split.' });
    const splits = [
      { account: 'a', percent: '66.67' },
      { account: 'b', percent: '33.33%' },
    ];
    expect(actionOf({ ...EMPTY_ACTION, splits, vendor: 'v' })).toEqual({
      action: {
        type: 'categorize',
        splits: [
          { account: 'a', percent: 66.67 },
          { account: 'b', percent: 33.33 },
        ],
        vendor: 'v',
      },
    });
    expect(actionOf({ ...EMPTY_ACTION, splits: [{ account: 'a', percent: '90' }] })).toEqual({
      problem: 'The percentages must add up to 100.',
    });
    expect(actionOf({ ...EMPTY_ACTION, splits: [{ account: 'a', percent: 'x' }] })).toEqual({
      problem: 'Enter a percentage above 0 for each split.',
    });
    expect(actionOf({ ...EMPTY_ACTION, type: 'transfer' })).toEqual({
      problem: 'Choose the account of the transfer.',
    });
  });

  it('reads a saved action back into the editor (a correction turned into a rule)', () => {
    expect(actionValuesOf({ type: 'transfer', account: 's' })).toMatchObject({
      type: 'transfer',
      transferAccount: 's',
    });
    expect(
      actionValuesOf({ type: 'categorize', splits: [{ account: 'a', percent: 100 }], vendor: null }),
    ).toEqual({
      type: 'categorize',
      splits: [{ account: 'a', percent: '100' }],
      transferAccount: '',
      vendor: '',
    });
  });
});
