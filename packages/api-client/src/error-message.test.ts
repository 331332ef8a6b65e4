import { describe, expect, it } from 'vitest';
import { extractErrorMessage, FALLBACK_ERROR_MESSAGE } from './error-message.ts';

describe('extractErrorMessage (SPEC.md §8)', () => {
  it('takes the text of the first key', () => {
    expect(extractErrorMessage({ detail: 'Not found.', code: 'not_found' })).toBe('Not found.');
  });
  it('takes the first message of a field list', () => {
    expect(extractErrorMessage({ email: ['Enter a valid e-mail address.', 'Second'], name: ['x'] })).toBe(
      'Enter a valid e-mail address.',
    );
  });
  it('takes the first nested value', () => {
    expect(extractErrorMessage({ payload: { amount: ['Must be positive.'] } })).toBe('Must be positive.');
  });
  it('accepts a bare string body', () => {
    expect(extractErrorMessage('MFA method already active.')).toBe('MFA method already active.');
  });
  it('falls back when there is nothing to show', () => {
    for (const body of [null, undefined, {}, [], '', '  ', { detail: '' }, { a: [] }, 42, { a: 7 }]) {
      expect(extractErrorMessage(body)).toBe(FALLBACK_ERROR_MESSAGE);
    }
    expect(FALLBACK_ERROR_MESSAGE).toBe('Service temporarily unavailable. Please try again later.');
  });
});
