import { describe, expect, it } from 'vitest';
import { ACCESS_TTL_SECONDS, createTokenService } from './tokens.ts';

const claims = {
  sub: '8b9d3d5e-6a55-4c61-9a3e-2f1f4f3b1a11',
  staff: null,
  type: 'client' as const,
  password_expired: false,
  masked_by: null,
  gen: 1,
};

describe('access tokens', () => {
  it('accepts a token again from memory, and refuses it once it has expired', async () => {
    const clock = { now: Date.UTC(2026, 10, 29, 12) };
    const tokens = createTokenService('s'.repeat(48), () => clock.now);
    const { access } = await tokens.issuePair(claims);
    expect((await tokens.verifyAccess(access)).sub).toBe(claims.sub);
    expect((await tokens.verifyAccess(access)).sub).toBe(claims.sub);
    clock.now += (ACCESS_TTL_SECONDS - 1) * 1000;
    expect((await tokens.verifyAccess(access)).gen).toBe(1);
    clock.now += 1000;
    await expect(tokens.verifyAccess(access)).rejects.toHaveProperty('kind', 'unauthenticated');
    await expect(tokens.verifyAccess(access)).rejects.toHaveProperty('kind', 'unauthenticated');
  });

  it('refuses a token whose signature is not ours, whatever it was verified beside', async () => {
    const tokens = createTokenService('s'.repeat(48));
    const other = createTokenService('t'.repeat(48));
    const { access } = await tokens.issuePair(claims);
    await tokens.verifyAccess(access);
    const forged = (await other.issuePair(claims)).access;
    await expect(tokens.verifyAccess(forged)).rejects.toHaveProperty('kind', 'unauthenticated');
    const [head, body] = access.split('.');
    await expect(tokens.verifyAccess(`${head}.${body}.${'A'.repeat(43)}`)).rejects.toHaveProperty(
      'kind',
      'unauthenticated',
    );
  });

  it('gives the claims frozen, so no caller can change what the next request reads', async () => {
    const tokens = createTokenService('s'.repeat(48));
    const { access } = await tokens.issuePair(claims);
    const first = await tokens.verifyAccess(access);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { gen: number }).gen = 2;
    }).toThrow(TypeError);
    expect((await tokens.verifyAccess(access)).gen).toBe(1);
  });

  it('refuses a refresh token where an access token is expected', async () => {
    const tokens = createTokenService('s'.repeat(48));
    const { refresh } = await tokens.issuePair(claims);
    await expect(tokens.verifyAccess(refresh)).rejects.toHaveProperty('kind', 'unauthenticated');
  });
});
