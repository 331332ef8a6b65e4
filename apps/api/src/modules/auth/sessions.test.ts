import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  backends,
  bearer,
  decode,
  login,
  type TestApp,
  useTestApp,
} from '../../test/build-test-app.ts';
import { AuthError } from './errors.ts';
import { createSessionService } from './session-service.ts';

const me = (t: TestApp, tokens: { access: string }) =>
  t.app.inject({ url: '/v1/auth/users/me', headers: { authorization: `Bearer ${tokens.access}` } });
const refresh = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/token/refresh', payload: { refresh: token } });

describe.each(backends)('sessions end at once (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('refuses with its own error when called directly, without an app or a request', async () => {
    const sessions = createSessionService(t.deps, async () => null);
    const bad = await sessions.refresh('').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AuthError);
    expect(bad).toMatchObject({
      kind: 'unauthenticated',
      code: 'token_not_valid',
      detail: 'Invalid refresh token',
    });
    const actor = { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: '203.0.113.77' };
    const wrong = await sessions.login('nobody@nowhere.test', 'wrong', actor).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AuthError);
    expect(wrong).toMatchObject({
      kind: 'unauthenticated',
      code: 'invalid_credentials',
      detail: 'No active account found with the given credentials.',
    });
  });

  it('carries a session id that stays across refreshes and is new at each sign-in', async () => {
    const first = await login(t.app, 'manager@demo.test');
    const sid = decode(first.access).sid;
    expect(sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(decode(first.refresh).sid).toBe(sid);
    const next = await refresh(t, first.refresh);
    expect(decode(next.json().access).sid).toBe(sid);
    expect(decode((await login(t.app, 'manager@demo.test')).access).sid).not.toBe(sid);
  });

  it('sign-out ends the access token too, while another session of the user goes on', async () => {
    const session = await login(t.app, 'associate@demo.test');
    const elsewhere = await login(t.app, 'associate@demo.test');
    expect((await me(t, session)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/blacklist',
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    const after = await me(t, session);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Session has ended', code: 'session_ended' });
    expect((await me(t, elsewhere)).statusCode).toBe(200);
  });

  it('a password change ends every other session (refresh and access); the current one gets fresh tokens', async () => {
    const current = await login(t.app, 'family@demo.test');
    const stolen = await login(t.app, 'family@demo.test');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-change',
      headers: bearer(current),
      payload: { old_password: 'demo-pass-2026', new_password: 'a-new-secret-2027' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json();
    expect((await me(t, fresh)).statusCode).toBe(200);
    expect(decode(fresh.access).sid).toBe(decode(current.access).sid);
    // The other session: its access token is refused now, its refresh token cannot rotate.
    expect((await me(t, stolen)).statusCode).toBe(401);
    expect((await refresh(t, stolen.refresh)).statusCode).toBe(401);
    // So are the tokens the current session held before the change.
    expect((await me(t, current)).statusCode).toBe(401);
    expect((await refresh(t, current.refresh)).statusCode).toBe(401);
    expect((await refresh(t, fresh.refresh)).statusCode).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const before = await login(t.app, 'advisor@demo.test');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset',
      payload: { email: 'advisor@demo.test' },
    });
    expect(asked.statusCode).toBe(200);
    const outbox = await t.app.inject({ url: '/v1/outbox?recipient=advisor@demo.test' });
    const link = JSON.stringify(outbox.json()).match(/token=([A-Za-z0-9_-]+)/)?.[1];
    expect(link).toBeTruthy();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token: link, password: 'reset-secret-2027' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await me(t, before)).statusCode).toBe(401);
    expect((await refresh(t, before.refresh)).statusCode).toBe(401);
    expect((await login(t.app, 'advisor@demo.test', 'reset-secret-2027')).access).toBeTruthy();
  });

  it('"sign out everywhere" ends the other sessions and keeps this one', async () => {
    const here = await login(t.app, 'client@demo.test');
    const phone = await login(t.app, 'client@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions/end-others',
      headers: bearer(here),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t, res.json())).statusCode).toBe(200);
    expect((await me(t, phone)).statusCode).toBe(401);
    expect((await refresh(t, phone.refresh)).statusCode).toBe(401);
    expect((await refresh(t, res.json().refresh)).statusCode).toBe(200);
  });

  it('disabling a staff user ends its sessions, and enabling it again does not revive them', async () => {
    const admin = await login(t.app, 'manager@demo.test');
    const target = await login(t.app, 'expired@demo.test');
    const orgs = await t.app.inject({ url: '/v1/accounts/organizations', headers: bearer(admin) });
    const org = (orgs.json().results as { guid: string; name: string }[]).find(
      (o) => o.name === 'Demo Family Office',
    );
    const userGuid = decode(target.access).sub as string;
    const toggle = (is_active: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/accounts/organizations/${org?.guid}/users/${userGuid}/enable`,
        headers: bearer(admin),
        payload: { is_active },
      });
    const off = await toggle(false);
    expect(off.statusCode, off.body).toBe(200);
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await refresh(t, target.refresh)).statusCode).toBe(401);
    expect((await me(t, target)).statusCode).toBe(401);
  });

  it('unmasking ends the mask session: its access token no longer acts as the masked user', async () => {
    const staff = await login(t.app, 'super@demo.test');
    const client = await login(t.app, 'client@demo.test');
    const mask = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mask',
      headers: bearer(staff),
      payload: { guid: decode(client.access).sub },
    });
    expect(mask.statusCode).toBe(200);
    const masked = mask.json();
    expect((await me(t, masked)).json().email).toBe('client@demo.test');
    // The web app's unmask revokes the mask session's refresh token.
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/blacklist',
      payload: { refresh: masked.refresh },
    });
    expect((await me(t, masked)).statusCode).toBe(401);
    expect((await me(t, staff)).statusCode).toBe(200);
    expect((await me(t, client)).statusCode).toBe(200);
  });

  it('refuses a token signed with the real key but without an expiry or a session id', async () => {
    const real = decode((await login(t.app, 'manager@demo.test')).access);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const { exp: _exp, iat: _iat, ...claims } = real;
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('billpay')
      .setIssuedAt()
      .sign(key);
    expect((await me(t, { access: forever })).statusCode).toBe(401);
    const { sid: _sid, ...noSession } = claims;
    const sessionless = await new SignJWT(noSession)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('billpay')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await me(t, { access: sessionless })).statusCode).toBe(401);
    // The same claims with an expiry and the session: accepted (the refusals above are for the reason named).
    const proper = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('billpay')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await me(t, { access: proper })).statusCode).toBe(200);
  });
});
