import { describe, expect, it } from 'vitest';
import { humanize, identityLabels, isOneOf, labelOf, optionsOf } from './define.ts';

const COLOURS = ['red', 'dark_blue'] as const;
const LABELS = { red: 'Red', dark_blue: 'Dark Blue' };

describe('humanize', () => {
  it('title-cases snake, kebab and spaced values', () => {
    expect(humanize('mail_scan')).toBe('Mail Scan');
    expect(humanize('pre-bill-inbox')).toBe('Pre Bill Inbox');
    expect(humanize('ALREADY UPPER')).toBe('Already Upper');
  });
  it('keeps known acronyms in capitals', () => {
    expect(humanize('poa_approval')).toBe('POA Approval');
    expect(humanize('approve_ach')).toBe('Approve ACH');
  });
  it('returns empty for empty or separator-only input', () => {
    expect(humanize('')).toBe('');
    expect(humanize('__')).toBe('');
  });
});

describe('labelOf', () => {
  it('returns the label of a known value', () => {
    expect(labelOf(LABELS, 'dark_blue')).toBe('Dark Blue');
  });
  it('humanises an unknown value', () => {
    expect(labelOf(LABELS, 'light_green')).toBe('Light Green');
  });
  it('returns empty for null, undefined and empty', () => {
    expect(labelOf(LABELS, null)).toBe('');
    expect(labelOf(LABELS, undefined)).toBe('');
    expect(labelOf(LABELS, '')).toBe('');
  });
  it('ignores inherited object keys', () => {
    expect(labelOf(LABELS, 'toString')).toBe('Tostring');
    expect(labelOf(LABELS, 'constructor')).toBe('Constructor');
  });
});

describe('isOneOf', () => {
  it('accepts members only', () => {
    expect(isOneOf(COLOURS, 'red')).toBe(true);
    expect(isOneOf(COLOURS, 'Red')).toBe(false);
    expect(isOneOf(COLOURS, 1)).toBe(false);
    expect(isOneOf(COLOURS, null)).toBe(false);
  });
});

describe('optionsOf and identityLabels', () => {
  it('builds options in value order', () => {
    expect(optionsOf(COLOURS, LABELS)).toEqual([
      { value: 'red', label: 'Red' },
      { value: 'dark_blue', label: 'Dark Blue' },
    ]);
  });
  it('maps each value to itself', () => {
    expect(identityLabels(['A b', 'C'])).toEqual({ 'A b': 'A b', C: 'C' });
  });
});
