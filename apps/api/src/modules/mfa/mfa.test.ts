import type { TokenPair } from '@bp/contracts';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { type Backend, backends, bearer, decode, login, useTestApp } from '../../test/build-test-app.ts';
import { caller } from '../../test/org-admin.ts';
import { outbox } from '../notifications/tables.ts';
import { organizations } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';
import { MfaError } from './errors.ts';
import { createMfaService } from './service.ts';
import { mfaChallenges } from './tables.ts';

const MINUTE = 60 * 1000;

describe.each(backends)('two-factor (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('refuses with its own error when called directly, without an app or a request', async () => {
    const tokens = await login(t.app, 'client@demo.test');
    const claims = await t.deps.tokens.verifyAccess(tokens.access);
    const [client] = await t.deps.database.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    const user = {
      id: client?.id ?? -1,
      guid: claims.sub,
      email: 'client@demo.test',
      type: 'client' as const,
      staff: null,
    };
    const masked = { user, claims, maskedBy: { id: -1, guid: 'staff' } };
    const actor = { actorUserId: user.id, maskedByUserId: -1, requestId: null, ipAddress: null };
    const refusal = await createMfaService(t.deps)
      .activate(masked, 'email', 'client@demo.test', actor)
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MfaError);
    expect(refusal).toMatchObject({
      kind: 'forbidden',
      code: 'permission_denied',
      detail: 'A masked session cannot change two-factor settings.',
    });
  });

  /** The newest message to `recipient` and the 6-digit code in it. */
  async function lastCode(recipient: string, channel: 'email' | 'sms' = 'email') {
    const [row] = await t.deps.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(row?.bodyText ?? '')?.[1];
    if (!row || !code) throw new Error(`no code sent to ${recipient}`);
    return { code, row };
  }
  const post = (url: string, payload: Record<string, unknown>, tokens?: TokenPair) =>
    t.app.inject({ method: 'POST', url, payload, ...(tokens ? { headers: bearer(tokens) } : {}) });
  const passwordLogin = (email: string) => post('/v1/auth/login', { email, password: DEMO_PASSWORD });
  const advance = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms);
  };
  const auditActions = async (email: string) => {
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    const rows = await t.deps.database.db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(eq(auditRecords.objectGuid, user?.guid ?? ''))
      .orderBy(auditRecords.id);
    return rows.map((r) => r.action);
  };

  /** Turns e-mail two-factor on for a demo account; answers the new tokens. */
  async function enableEmail(email: string): Promise<TokenPair> {
    const tokens = await login(t.app, email);
    const started = await post('/v1/auth/mfa/email/activate', {}, tokens);
    expect(started.statusCode, started.body).toBe(200);
    const { code } = await lastCode(email);
    const confirmed = await post(
      '/v1/auth/mfa/email/activate/confirm',
      { code, refresh: tokens.refresh },
      tokens,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json();
  }

  /** Password, then the code sent to the primary method: the tokens. */
  async function signInWithCode(email: string, recipient = email, channel: 'email' | 'sms' = 'email') {
    const first = await passwordLogin(email);
    expect(first.statusCode).toBe(200);
    const { ephemeral_token } = first.json();
    const { code } = await lastCode(recipient, channel);
    const res = await post('/v1/auth/login/code', { ephemeral_token, code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TokenPair;
  }

  it('sets up e-mail two-factor: code sent, confirmed, new tokens, the old refresh used up, audited', async () => {
    const tokens = await login(t.app, 'associate@demo.test');
    const started = await post('/v1/auth/mfa/email/activate', {}, tokens);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      detail: 'We sent a 6-digit code to your e-mail address.',
      method: 'email',
    });
    const { code, row } = await lastCode('associate@demo.test');
    expect(row.subject).toBe('Confirm two-factor authentication');
    expect(row.bodyHtml).toContain(code);
    expect(row.notificationType).toBeNull();
    // Only a hash of the code is stored.
    const stored = await t.deps.database.db.select().from(mfaChallenges);
    expect(JSON.stringify(stored)).not.toContain(code);

    const confirmed = await post(
      '/v1/auth/mfa/email/activate/confirm',
      { code, refresh: tokens.refresh },
      tokens,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const fresh = confirmed.json() as TokenPair;
    expect(fresh).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const reused = await post('/v1/auth/token/refresh', { refresh: tokens.refresh });
    expect(reused.statusCode).toBe(401);

    const methods = await t.app.inject({ url: '/v1/auth/mfa/methods', headers: bearer(fresh) });
    expect(methods.json()).toEqual([{ method: 'email', value_masked: 'a•••@demo.test', is_primary: true }]);
    const me = await t.app.inject({ url: '/v1/auth/users/me', headers: bearer(fresh) });
    expect(me.json()).toMatchObject({ mfa_enabled: true, mfa_required: false });
    // The same code a second time: used up.
    const replay = await post('/v1/auth/mfa/email/activate/confirm', { code, refresh: fresh.refresh }, fresh);
    expect(replay.statusCode).toBe(400);
    expect(Object.keys(replay.json())).toEqual(['code']);
    expect(await auditActions('associate@demo.test')).toEqual(
      expect.arrayContaining(['mfa_activation_requested', 'mfa_activated', 'mfa_activated_failed']),
    );
  });

  it('signs in with the code: password answers a challenge, login/code the tokens; a replay is refused', async () => {
    const first = await passwordLogin('associate@demo.test');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ephemeral_token: expect.any(String), method: 'email' });
    const { code, row } = await lastCode('associate@demo.test');
    expect(row.subject).toBe('Your sign-in code');
    const { ephemeral_token } = first.json();
    const done = await post('/v1/auth/login/code', { ephemeral_token, code });
    expect(done.statusCode).toBe(200);
    expect(decode(done.json().access)).toMatchObject({ type: 'bporg', mfa_setup_required: false });
    const replay = await post('/v1/auth/login/code', { ephemeral_token, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('mfa_challenge_invalid');
    expect(await auditActions('associate@demo.test')).toEqual(
      expect.arrayContaining(['login_mfa_challenge', 'login', 'login_mfa', 'login_mfa_failed']),
    );
  });

  it('refuses an expired code (10 minutes) and a code of another challenge', async () => {
    const first = await passwordLogin('associate@demo.test');
    const { code } = await lastCode('associate@demo.test');
    advance(10 * MINUTE + 1000);
    const late = await post('/v1/auth/login/code', { ephemeral_token: first.json().ephemeral_token, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: ['This code has expired. Ask for a new one.'] });

    // Manager turns two-factor on too; the associate's code does not open the manager's challenge.
    await enableEmail('manager@demo.test');
    const mine = await passwordLogin('associate@demo.test');
    const myCode = (await lastCode('associate@demo.test')).code;
    const theirs = await passwordLogin('manager@demo.test');
    const crossed = await post('/v1/auth/login/code', {
      ephemeral_token: theirs.json().ephemeral_token,
      code: myCode,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({ code: ['The code is not correct.'] });
    const ok = await post('/v1/auth/login/code', {
      ephemeral_token: mine.json().ephemeral_token,
      code: myCode,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('locks a challenge after 5 wrong codes: even the right one is refused then', async () => {
    const first = await passwordLogin('associate@demo.test');
    const { ephemeral_token } = first.json();
    const { code } = await lastCode('associate@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/v1/auth/login/code', { ephemeral_token, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: ['The code is not correct.'] });
    }
    const fifth = await post('/v1/auth/login/code', { ephemeral_token, code: wrong });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({ detail: expect.any(String), code: 'mfa_challenge_locked' });
    const right = await post('/v1/auth/login/code', { ephemeral_token, code });
    expect(right.json().code).toBe('mfa_challenge_locked');
    const resend = await post('/v1/auth/mfa/email/resend-code', { ephemeral_token });
    expect(resend.statusCode).toBe(400);
    // A new sign-in works.
    await signInWithCode('associate@demo.test');
  });

  it('resends a sign-in code at most every 30 seconds and 5 times; the old code stops working', async () => {
    advance(16 * MINUTE); // past the per-user window of codes sent by the earlier tests
    const first = await passwordLogin('associate@demo.test');
    const { ephemeral_token } = first.json();
    const old = (await lastCode('associate@demo.test')).code;
    const tooSoon = await post('/v1/auth/mfa/email/resend-code', { ephemeral_token });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('throttled');
    advance(31 * 1000);
    const again = await post('/v1/auth/mfa/email/resend-code', { ephemeral_token });
    expect(again.statusCode).toBe(200);
    const fresh = (await lastCode('associate@demo.test')).code;
    if (fresh !== old) {
      const stale = await post('/v1/auth/login/code', { ephemeral_token, code: old });
      expect(stale.statusCode).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      advance(31 * 1000);
      expect((await post('/v1/auth/mfa/email/resend-code', { ephemeral_token })).statusCode).toBe(200);
    }
    advance(31 * 1000);
    expect((await post('/v1/auth/mfa/email/resend-code', { ephemeral_token })).statusCode).toBe(429);
    const newest = (await lastCode('associate@demo.test')).code;
    expect((await post('/v1/auth/login/code', { ephemeral_token, code: newest })).statusCode).toBe(200);
    expect(await auditActions('associate@demo.test')).toContain('mfa_code_resent');
  });

  it('adds text messages, switches the primary method with a code, and signs in by text', async () => {
    advance(16 * MINUTE); // past the per-user code window of the earlier tests
    const tokens = await signInWithCode('associate@demo.test');
    const bad = await post('/v1/auth/mfa/sms_twilio/activate', { value: '555-12' }, tokens);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['value']);
    const started = await post('/v1/auth/mfa/sms_twilio/activate', { value: '(555) 123-4567' }, tokens);
    expect(started.statusCode).toBe(200);
    expect(started.json().method).toBe('sms_twilio');
    const { code, row } = await lastCode('+15551234567', 'sms');
    expect(row.bodyText).toContain('is your bill-pay verification code');
    const confirmed = await post(
      '/v1/auth/mfa/sms_twilio/activate/confirm',
      { code, refresh: tokens.refresh },
      tokens,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json() as TokenPair;
    const me = caller(t, after);
    expect((await me.get('/v1/auth/mfa/methods')).json()).toEqual([
      { method: 'email', value_masked: 'a•••@demo.test', is_primary: true },
      { method: 'sms_twilio', value_masked: '•••-•••-4567', is_primary: false },
    ]);

    // Activating it again: the documented text, which the web turns into a primary switch.
    const already = await me.post('/v1/auth/mfa/sms_twilio/activate', { value: '5551234567' });
    expect(already.statusCode).toBe(400);
    expect(already.json()).toEqual({
      detail: 'MFA method already active.',
      code: 'mfa_method_already_active',
    });

    const noCode = await me.post('/v1/auth/mfa/change-primary-method', {
      method: 'sms_twilio',
      code: '123456',
    });
    expect(noCode.statusCode).toBe(400);
    expect((await me.post('/v1/auth/mfa/code/request', { method: 'sms_twilio' })).statusCode).toBe(200);
    const switchCode = (await lastCode('+15551234567', 'sms')).code;
    // A change-primary code does not remove the method.
    const misuse = await me.post('/v1/auth/mfa/deactivate', { method: 'sms_twilio', code: switchCode });
    expect(misuse.statusCode).toBe(400);
    const switched = await me.post('/v1/auth/mfa/change-primary-method', {
      method: 'sms_twilio',
      code: switchCode,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ detail: 'MFA method updated.' });
    expect(
      (await me.get('/v1/auth/mfa/methods')).json().map((m: { is_primary: boolean }) => m.is_primary),
    ).toEqual([false, true]);

    const byText = await passwordLogin('associate@demo.test');
    expect(byText.json().method).toBe('sms_twilio');
    await post('/v1/auth/login/code', {
      ephemeral_token: byText.json().ephemeral_token,
      code: (await lastCode('+15551234567', 'sms')).code,
    }).then((res) => expect(res.statusCode).toBe(200));
    expect(await auditActions('associate@demo.test')).toEqual(
      expect.arrayContaining(['mfa_code_requested', 'mfa_primary_changed']),
    );
  });

  it('removes methods with a code: the primary moves, and two-factor is off after the last', async () => {
    advance(16 * MINUTE);
    const tokens = await signInWithCode('associate@demo.test', '+15551234567', 'sms');
    const me = caller(t, tokens);
    expect(
      (await me.post('/v1/auth/mfa/deactivate', { method: 'sms_twilio', code: '123456' })).statusCode,
    ).toBe(400);
    await me.post('/v1/auth/mfa/code/request', { method: 'sms_twilio', action: 'deactivate' });
    const code = (await lastCode('+15551234567', 'sms')).code;
    const removed = await me.post('/v1/auth/mfa/deactivate', { method: 'sms_twilio', code });
    expect(removed.statusCode).toBe(200);
    expect((await me.get('/v1/auth/mfa/methods')).json()).toEqual([
      { method: 'email', value_masked: 'a•••@demo.test', is_primary: true },
    ]);
    await me.post('/v1/auth/mfa/code/request', { method: 'email', action: 'deactivate' });
    const last = (await lastCode('associate@demo.test')).code;
    expect((await me.post('/v1/auth/mfa/deactivate', { method: 'email', code: last })).statusCode).toBe(200);
    expect((await me.get('/v1/auth/users/me')).json().mfa_enabled).toBe(false);
    // Plain tokens again at sign-in.
    expect((await passwordLogin('associate@demo.test')).json()).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
    });
    expect(await auditActions('associate@demo.test')).toContain('mfa_deactivated');
  });

  it('refuses mobile_app and yubi, 404s unknown methods, and refuses a masked session', async () => {
    const tokens = await login(t.app, 'client@demo.test');
    for (const method of ['mobile_app', 'yubi']) {
      const res = await post(`/v1/auth/mfa/${method}/activate`, {}, tokens);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'This two-factor method is not available.',
        code: 'mfa_method_unavailable',
      });
    }
    expect((await post('/v1/auth/mfa/carrier-pigeon/activate', {}, tokens)).statusCode).toBe(404);
    expect((await post('/v1/auth/mfa/email/activate', {})).statusCode).toBe(401);

    const staff = await login(t.app, 'super@demo.test');
    const [client] = await t.deps.database.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    const masked = await post('/v1/auth/mask', { guid: client?.guid }, staff);
    expect(masked.statusCode).toBe(200);
    const res = await post('/v1/auth/mfa/email/activate', {}, masked.json());
    expect(res.statusCode).toBe(403);
  });

  it('holds a user of an organisation requiring two-factor to the set-up, and keeps the last method', async () => {
    const { db } = t.deps.database;
    await db.update(organizations).set({ mfaRequired: true }).where(eq(organizations.name, 'Second Org'));
    const tokens = await login(t.app, 'other@second.test');
    expect(decode(tokens.access).mfa_setup_required).toBe(true);
    const me = caller(t, tokens);
    expect((await me.get('/v1/auth/users/me')).json()).toMatchObject({
      mfa_required: true,
      mfa_enabled: false,
    });
    expect((await me.get('/v1/accounts/organizations')).statusCode).toBe(200);
    const [org] = await db.select().from(organizations).where(eq(organizations.name, 'Second Org'));
    const blocked = await me.get(`/v1/accounts/organizations/${org?.guid}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      detail: 'Your organization requires 2-factor authentication. Please set it up to continue.',
      code: 'mfa_setup_required',
    });

    const after = await enableEmail('other@second.test');
    expect(decode(after.access).mfa_setup_required).toBe(false);
    expect((await caller(t, after).get(`/v1/accounts/organizations/${org?.guid}`)).statusCode).toBe(200);

    const other = caller(t, after);
    await other.post('/v1/auth/mfa/code/request', { method: 'email', action: 'deactivate' });
    const code = (await lastCode('other@second.test')).code;
    const refused = await other.post('/v1/auth/mfa/deactivate', { method: 'email', code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('mfa_required');
    await db.update(organizations).set({ mfaRequired: false }).where(eq(organizations.name, 'Second Org'));
  });

  it('leaves two-factor on after a password reset', async () => {
    await enableEmail('designee@demo.test');
    const asked = await post('/v1/auth/password-reset', { email: 'designee@demo.test' });
    expect(asked.statusCode).toBe(200);
    const [mail] = await t.deps.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'designee@demo.test'), like(outbox.subject, 'Reset%')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /token=([\w-]+)/.exec(mail?.bodyText ?? '')?.[1];
    const reset = await post('/v1/auth/password-reset/confirm', { token, password: 'brand-new-pass-42' });
    expect(reset.statusCode, reset.body).toBe(200);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, 'designee@demo.test'));
    expect(row?.mfaEnabled).toBe(true);
    const next = await post('/v1/auth/login', { email: 'designee@demo.test', password: 'brand-new-pass-42' });
    expect(next.json()).toEqual({ ephemeral_token: expect.any(String), method: 'email' });
  });
});
