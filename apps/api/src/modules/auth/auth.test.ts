import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, decode, login, useTestApp } from '../../test/build-test-app.ts';

describe.each(backends)('sign-in and tokens (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('signs in with the demo password and carries the documented claims', async () => {
    const tokens = await login(t.app, 'super@demo.test');
    const claims = decode(tokens.access);
    expect(claims).toMatchObject({ staff: 'admin', type: 'bporg', password_expired: false, masked_by: null });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
    expect(decode(tokens.refresh).exp).toBe(Number(decode(tokens.refresh).iat) + 86_400);
    const client = decode((await login(t.app, 'client@demo.test')).access);
    expect(client).toMatchObject({ staff: null, type: 'client' });
  });

  it('accepts the e-mail in any case and refuses a wrong password with 401', async () => {
    await login(t.app, 'Manager@Demo.Test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'manager@demo.test', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'invalid_credentials', detail: expect.any(String) });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'nobody@demo.test', password: 'whatever' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(res.json().detail);
  });

  it('rotates refresh tokens: each works once, and a blacklisted one never', async () => {
    const first = await login(t.app, 'manager@demo.test');
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/token/refresh', payload: { refresh: token } });
    const second = await refresh(first.refresh);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('token_not_valid');

    const revoked = second.json().refresh as string;
    const black = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/blacklist',
      payload: { refresh: revoked },
    });
    expect(black.statusCode).toBe(200);
    expect((await refresh(revoked)).statusCode).toBe(401);
  });

  it('refuses an access token used as a refresh token, an empty one and garbage', async () => {
    const tokens = await login(t.app, 'manager@demo.test');
    for (const refresh of [tokens.access, 'not-a-token']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/token/refresh', payload: { refresh } });
      expect(res.statusCode).toBe(401);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/refresh',
      payload: { refresh: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ refresh: ['Invalid refresh token'] });
  });

  it('refuses an expired access token and a tampered one', async () => {
    const tokens = await login(t.app, 'manager@demo.test');
    const parts = tokens.access.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(tokens.access), staff: 'admin' })).toString(
      'base64url',
    );
    const tampered = [parts[0], forged, parts[2]].join('.');
    const res = await t.app.inject({
      url: '/v1/auth/users/me',
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(res.statusCode).toBe(401);
    t.clock.now = new Date(t.clock.now.getTime() + 6 * 60 * 1000);
    const late = await t.app.inject({ url: '/v1/auth/users/me', headers: bearer(tokens) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('token_not_valid');
  });

  it('renews claims after a client accepts the terms, and only then lists its clients', async () => {
    const tokens = await login(t.app, 'terms@demo.test');
    const before = await t.app.inject({ url: '/v1/accounts/clients', headers: bearer(tokens) });
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('must_accept_terms');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/users/me/accept-terms',
      headers: bearer(tokens),
    });
    expect(accept.statusCode).toBe(200);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/renew-claims',
      headers: bearer(tokens),
      payload: { refresh: tokens.refresh },
    });
    expect(renewed.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/v1/accounts/clients', headers: bearer(renewed.json()) });
    expect(after.statusCode).toBe(200);
    expect(after.json().results.map((c: { name: string }) => c.name)).toEqual(['Delacroix Estate']);
  });

  // PGlite has one connection, so a real race needs PostgreSQL (DESIGN.md §8).
  it.runIf(backend === 'postgres')(
    'lets exactly one of several simultaneous refreshes with one token win',
    async () => {
      const tokens = await login(t.app, 'manager@demo.test');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/v1/auth/token/refresh',
            payload: { refresh: tokens.refresh },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    },
  );
});
