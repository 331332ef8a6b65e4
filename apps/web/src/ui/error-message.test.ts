import { ApiError, SessionError } from '@bp/api-client';
import { describe, expect, it } from 'vitest';
import { errorMessageOf, FALLBACK_ERROR_MESSAGE } from './error-message.ts';

describe('errorMessageOf', () => {
  it('shows the API message of an ApiError (SPEC.md §8 extraction)', () => {
    expect(errorMessageOf(new ApiError(400, { name: ['This field is required.'] }, 'x'))).toBe(
      'This field is required.',
    );
    expect(errorMessageOf(new ApiError(409, { detail: 'Changed meanwhile.', code: 'conflict' }, 'x'))).toBe(
      'Changed meanwhile.',
    );
  });

  it('shows the session message', () => {
    expect(errorMessageOf(new SessionError('Invalid refresh token'))).toBe('Invalid refresh token');
  });

  it('falls back for network errors and anything else', () => {
    expect(errorMessageOf(new TypeError('Failed to fetch'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessageOf(new ApiError(502, null, 'x'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessageOf('boom')).toBe(FALLBACK_ERROR_MESSAGE);
  });
});
