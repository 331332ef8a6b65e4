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

/** Reads the reset link the API queued for the user (the demo outbox). */
async function resetTokenFor(t: TestApp, email: string): Promise<string> {
  const tokens = await login(t.app, email);
  const res = await t.app.inject({ url: '/v1/outbox', headers: bearer(tokens) });
  const text = res.json().results[0]?.body_text as string;
  const token = /token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in ${text}`);
  return token;
}

describe.each(backends)('passwords (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  const post = (url: string, payload: unknown, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  it('gives the same answer whether or not the address has an account', async () => {
    const known = await post('/v1/auth/password-reset', { email: 'client@demo.test' });
    const unknown = await post('/v1/auth/password-reset', { email: 'ghost@demo.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('resets a password with the e-mailed link, once', async () => {
    const token = await resetTokenFor(t, 'client@demo.test');
    const check = await post('/v1/auth/password-reset/validate-token', { token });
    expect(check.json()).toEqual({ type: 'reset', email: 'client@demo.test', first_name: 'Claire' });
    const weak = await post('/v1/auth/password-reset/confirm', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().password[0]).toMatch(/at least 10 characters/);
    const ok = await post('/v1/auth/password-reset/confirm', { token, password: 'a-new-secret-42' });
    expect(ok.statusCode).toBe(200);
    await login(t.app, 'client@demo.test', 'a-new-secret-42');
    const again = await post('/v1/auth/password-reset/confirm', { token, password: 'another-secret-43' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [expect.stringMatching(/invalid or has expired/)] });
  });

  it('refuses an expired link', async () => {
    await post('/v1/auth/password-reset', { email: 'designee@demo.test' }, '198.51.100.2');
    const token = await resetTokenFor(t, 'designee@demo.test');
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60 * 1000);
    const res = await post('/v1/auth/password-reset/validate-token', { token }, '198.51.100.2');
    expect(res.statusCode).toBe(400);
  });

  it('throttles reset requests per account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await post('/v1/auth/password-reset', { email: 'observer@demo.test' }, `192.0.2.${i}`)).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends staff with an expired password to change it before anything else', async () => {
    const tokens = await login(t.app, 'expired@demo.test');
    expect(decode(tokens.access).password_expired).toBe(true);
    const me = await t.app.inject({ url: '/v1/auth/users/me', headers: bearer(tokens) });
    expect(me.json().password_expired).toBe(true);
    const blocked = await t.app.inject({ url: '/v1/accounts/organizations', headers: bearer(tokens) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('password_expired');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-change',
      headers: bearer(tokens),
      payload: { old_password: 'nope', new_password: 'fresh-password-77' },
    });
    expect(wrong.json()).toEqual({ old_password: ['Current password is incorrect.'] });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-change',
      headers: bearer(tokens),
      payload: { old_password: 'demo-pass-2026', new_password: 'fresh-password-77' },
    });
    expect(changed.statusCode).toBe(200);
    expect(decode(changed.json().access).password_expired).toBe(false);
    const orgs = await t.app.inject({ url: '/v1/accounts/organizations', headers: bearer(changed.json()) });
    expect(orgs.statusCode).toBe(200);
  });
});
