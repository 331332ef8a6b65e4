import { describe, expect, it } from 'vitest';
import { loginResponse, pageQuery, password, refreshRequest } from './index.ts';

describe('contracts', () => {
  it('pages default to 10 and refuse sizes past the maximum', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(pageQuery.parse({ page: '3', page_size: '25' })).toMatchObject({ page: 3, page_size: 25 });
    expect(pageQuery.safeParse({ page_size: '1000' }).success).toBe(false);
    expect(pageQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('password policy: length, a letter and a digit', () => {
    expect(password.safeParse('short1').success).toBe(false);
    expect(password.safeParse('onlyletters').success).toBe(false);
    expect(password.safeParse('1234567890').success).toBe(false);
    expect(password.safeParse('letters-and-42').success).toBe(true);
  });

  it("an empty refresh token is refused with 'Invalid refresh token'", () => {
    const result = refreshRequest.safeParse({ refresh: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid refresh token');
  });

  it('sign-in answers either tokens or a two-factor challenge', () => {
    expect(loginResponse.safeParse({ access: 'a', refresh: 'r' }).success).toBe(true);
    expect(loginResponse.safeParse({ ephemeral_token: 'e', method: 'email' }).success).toBe(true);
    expect(loginResponse.safeParse({ access: 'a' }).success).toBe(false);
  });
});
