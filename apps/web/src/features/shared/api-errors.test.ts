import { ApiError } from '@bp/api-client';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorMessage, applyApiErrors, FALLBACK_ERROR_MESSAGE, fieldErrorMessage } from './api-errors.ts';

describe('apiErrorMessage', () => {
  it('prefers the detail of a {detail, code} body', () => {
    expect(
      apiErrorMessage(new ApiError(403, { code: 'permission_denied', detail: 'Not allowed.' }, '')),
    ).toBe('Not allowed.');
  });

  it('takes the first message of a validation body', () => {
    expect(apiErrorMessage(new ApiError(400, { email: ['Enter a valid e-mail address.'] }, ''))).toBe(
      'Enter a valid e-mail address.',
    );
  });

  it('falls back for network failures and empty bodies', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(apiErrorMessage(new ApiError(502, null, ''))).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe('applyApiErrors', () => {
  it('sets known fields and returns the first message of the others', () => {
    const setError = vi.fn();
    const body = { password: ['Too short.'], non_field_errors: ['Link expired.'] };
    const rest = applyApiErrors(new ApiError(400, body, ''), setError, ['password']);
    expect(setError).toHaveBeenCalledWith(
      'password',
      { type: 'server', message: 'Too short.' },
      { shouldFocus: true },
    );
    expect(rest).toBe('Link expired.');
  });

  it('focuses the first field with a message only, and maps keys through a function', () => {
    const setError = vi.fn();
    const body = { 'lines.0.memo': ['Too long.'], amount: ['Required.'], other: ['Nope.'] };
    const rest = applyApiErrors(new ApiError(400, body, ''), setError, (key) =>
      key === 'amount' || key.startsWith('lines.') ? key : null,
    );
    expect(setError.mock.calls).toEqual([
      ['lines.0.memo', { type: 'server', message: 'Too long.' }, { shouldFocus: true }],
      ['amount', { type: 'server', message: 'Required.' }, { shouldFocus: false }],
    ]);
    expect(rest).toBe('Nope.');
  });

  it('can leave the focus where it is', () => {
    const setError = vi.fn();
    applyApiErrors(new ApiError(400, { email: ['Bad.'] }, ''), setError, ['email'], { focus: false });
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Bad.' },
      { shouldFocus: false },
    );
  });

  it('returns null when every message found its field', () => {
    expect(applyApiErrors(new ApiError(400, { email: ['Bad.'] }, ''), vi.fn(), ['email'])).toBeNull();
  });

  it('returns the general message for non-validation errors', () => {
    const setError = vi.fn();
    expect(applyApiErrors(new ApiError(401, { detail: 'Wrong.', code: 'x' }, ''), setError, ['email'])).toBe(
      'Wrong.',
    );
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('fieldErrorMessage', () => {
  it('reads one field of a 400 body only', () => {
    expect(fieldErrorMessage(new ApiError(400, { token: ['Expired.'] }, ''), 'token')).toBe('Expired.');
    expect(fieldErrorMessage(new ApiError(400, { email: ['x'] }, ''), 'token')).toBeNull();
    expect(fieldErrorMessage(new ApiError(404, { token: ['x'] }, ''), 'token')).toBeNull();
  });
});
