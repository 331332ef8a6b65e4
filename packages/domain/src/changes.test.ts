import { describe, expect, it } from 'vitest';
import { changedFields, hasChanges, isSameValue } from './changes.ts';

describe('isSameValue', () => {
  it('compares primitives', () => {
    expect(isSameValue(1, 1)).toBe(true);
    expect(isSameValue(0, -0)).toBe(true);
    expect(isSameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(isSameValue('1', 1)).toBe(false);
    expect(isSameValue(null, undefined)).toBe(false);
    expect(isSameValue('', null)).toBe(false);
  });
  it('compares arrays, plain objects and dates structurally', () => {
    expect(isSameValue([1, { a: [2] }], [1, { a: [2] }])).toBe(true);
    expect(isSameValue([1, 2], [2, 1])).toBe(false);
    expect(isSameValue([1], [1, 2])).toBe(false);
    expect(isSameValue({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(isSameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(isSameValue(new Date(5), new Date(5))).toBe(true);
    expect(isSameValue(new Date(5), new Date(6))).toBe(false);
    expect(isSameValue([], {})).toBe(false);
  });
  it('compares other objects by identity', () => {
    class Box {
      constructor(readonly v: number) {}
    }
    expect(isSameValue(new Box(1), new Box(1))).toBe(false);
  });
});

interface Settings {
  nickname: string;
  corporate_id: string;
  allowable_payment_threshold: number | null;
  client_pre_approval_required: boolean;
  entities: string[];
}

describe('changedFields', () => {
  const before: Settings = {
    nickname: 'Main',
    corporate_id: 'C1',
    allowable_payment_threshold: 0.05,
    client_pre_approval_required: false,
    entities: ['a', 'b'],
  };
  it('returns nothing when nothing changed', () => {
    expect(changedFields(before, { ...before, entities: ['a', 'b'] })).toEqual({});
    expect(hasChanges(before, { ...before })).toBe(false);
  });
  it('returns only the changed keys', () => {
    const after = { ...before, nickname: 'Other', client_pre_approval_required: true };
    expect(changedFields(before, after)).toEqual({ nickname: 'Other', client_pre_approval_required: true });
    expect(hasChanges(before, after)).toBe(true);
  });
  it('reports a change inside an array and a cleared value', () => {
    const after: Settings = { ...before, entities: ['a'], allowable_payment_threshold: null };
    expect(changedFields(before, after)).toEqual({
      entities: ['a'],
      allowable_payment_threshold: null,
    });
  });
  it('reports keys new in after, not keys dropped from it', () => {
    const after: Record<string, unknown> = { nickname: 'Main', filing_date: '2024-01-31' };
    expect(changedFields(before, after)).toEqual({ filing_date: '2024-01-31' });
    expect(changedFields({}, { constructor: 'x' })).toEqual({ constructor: 'x' });
  });
});
