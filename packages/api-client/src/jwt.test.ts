import { describe, expect, it } from 'vitest';
import { makeJwt, NOW_MS } from './fake-server.test-support.ts';
import { decodeClaims, decodeJwtPayload, isTokenExpiring } from './jwt.ts';

describe('decodeClaims', () => {
  it('reads the claims of an access token without verifying it', () => {
    const token = makeJwt({
      sub: 'user-1',
      exp: 1700000000,
      staff: 'admin',
      type: 'bporg',
      password_expired: true,
      masked_by: null,
    });
    expect(decodeClaims(token)).toEqual({
      sub: 'user-1',
      exp: 1700000000,
      staff: 'admin',
      type: 'bporg',
      password_expired: true,
      masked_by: null,
    });
  });

  it('gives neutral values to claims the token leaves out', () => {
    expect(decodeClaims(makeJwt({ sub: 'u', exp: 1 }))).toEqual({
      sub: 'u',
      exp: 1,
      staff: null,
      type: 'client',
      password_expired: false,
      masked_by: null,
    });
  });

  it('keeps masked_by while masking', () => {
    expect(decodeClaims(makeJwt({ sub: 'u', exp: 1, masked_by: 'staff-1' }))?.masked_by).toBe('staff-1');
  });

  it('returns null for missing or unreadable tokens', () => {
    expect(decodeClaims(null)).toBeNull();
    expect(decodeClaims('')).toBeNull();
    expect(decodeClaims('not-a-jwt')).toBeNull();
    expect(decodeClaims('a.%%%.c')).toBeNull();
    expect(decodeClaims(makeJwt({ exp: 1 }))).toBeNull();
  });

  it('decodes non-ASCII payloads', () => {
    expect(decodeJwtPayload(makeJwt({ name: 'Zoë' }))?.name).toBe('Zoë');
  });
});

describe('isTokenExpiring', () => {
  const exp = NOW_MS / 1000 + 60;
  const token = makeJwt({ sub: 'u', exp });
  it('is false well before exp', () => {
    expect(isTokenExpiring(token, NOW_MS, 10_000)).toBe(false);
  });
  it('is true within the margin and after exp', () => {
    expect(isTokenExpiring(token, NOW_MS + 50_000, 10_000)).toBe(true);
    expect(isTokenExpiring(token, NOW_MS + 120_000, 10_000)).toBe(true);
  });
  it('treats a token without exp as expiring', () => {
    expect(isTokenExpiring(makeJwt({ sub: 'u' }), NOW_MS, 10_000)).toBe(true);
  });
});
