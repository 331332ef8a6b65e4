import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import {
  type Backend,
  backends,
  bearer,
  buildTestApp,
  login,
  type TestApp,
  useTestApp,
} from '../../test/build-test-app.ts';
import { findUserByEmail } from '../users/index.ts';
import { NotificationsError } from './errors.ts';
import { enqueueEmail, enqueueSms, notifyUser } from './outbox.ts';
import { createNotificationService } from './service.ts';
import { outbox, pushDevices } from './tables.ts';
import { billAwaitingApprovalMessage, renderEmail } from './templates.ts';

const TOKEN = 'ExponentPushToken[client-phone-000001]';

describe.each(backends)('notification preferences, devices and the demo outbox (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const db = () => t.deps.database.db;
  const userId = async (email: string) => (await findUserByEmail(db(), email))?.id ?? -1;

  it('refuses with its own error when called directly, without an app or a request', async () => {
    const client = await findUserByEmail(db(), 'client@demo.test');
    const user = {
      id: client?.id ?? -1,
      guid: client?.guid ?? '',
      email: 'client@demo.test',
      type: 'client' as const,
      staff: null,
    };
    const actor = { actorUserId: user.id, maskedByUserId: null, requestId: null, ipAddress: null };
    const refusal = await createNotificationService(t.deps)
      .removeDevice(user, 'ExponentPushToken[nobody-has-this]', actor)
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(NotificationsError);
    expect(refusal).toMatchObject({ kind: 'not_found', code: 'not_found', detail: 'Not found.' });
  });

  it('lists every notification type with both channels on, and saves a list of changes with an audit record', async () => {
    const client = await login(t.app, 'client@demo.test');
    const initial = await t.app.inject({ url: '/v1/notifications/preferences', headers: bearer(client) });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      preferences: [
        { notification_type: 'recurring', email: true, push: true },
        { notification_type: 'client_approval', email: true, push: true },
      ],
    });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/v1/notifications/preferences',
      headers: bearer(client),
      payload: { preferences: [{ notification_type: 'client_approval', email: false }] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().preferences).toEqual([
      { notification_type: 'recurring', email: true, push: true },
      { notification_type: 'client_approval', email: false, push: true },
    ]);
    const again = await t.app.inject({ url: '/v1/notifications/preferences', headers: bearer(client) });
    expect(again.json()).toEqual(patched.json());

    const [audit] = await db()
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'notification_preferences_updated'))
      .orderBy(desc(auditRecords.id));
    expect(audit?.actorUserId).toBe(await userId('client@demo.test'));
    expect(audit?.changes).toEqual({ 'client_approval.email': { before: true, after: false } });

    // Another user's preferences are untouched.
    const manager = await login(t.app, 'manager@demo.test');
    const theirs = await t.app.inject({ url: '/v1/notifications/preferences', headers: bearer(manager) });
    expect(theirs.json().preferences.every((p: { email: boolean }) => p.email)).toBe(true);
  });

  it('refuses unknown types, unknown fields and an empty list with 400 {field: [message]}', async () => {
    const client = await login(t.app, 'client@demo.test');
    for (const payload of [
      { preferences: [{ notification_type: 'weekly_digest', email: false }] },
      { preferences: [{ notification_type: 'recurring', sms: true }] },
      { preferences: [] },
      { preferences: [{ notification_type: 'recurring', email: 'no' }] },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/v1/notifications/preferences',
        headers: bearer(client),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.values(res.json()).every((v) => Array.isArray(v))).toBe(true);
    }
    const signedOut = await t.app.inject({ url: '/v1/notifications/preferences' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('registers and removes push devices of the signed-in user only', async () => {
    const client = await login(t.app, 'client@demo.test');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/devices',
      headers: bearer(client),
      payload: { token: 'not-a-token', platform: 'ios' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ token: ['Enter a valid Expo push token.'] });

    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/devices',
      headers: bearer(client),
      payload: { token: TOKEN, platform: 'android' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ token: TOKEN, platform: 'android' });
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/devices',
      headers: bearer(client),
      payload: { token: TOKEN, platform: 'android' },
    });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().guid).toBe(created.json().guid);

    const url = `/v1/notifications/devices/${encodeURIComponent(TOKEN)}`;
    const other = await login(t.app, 'designee@demo.test');
    const foreign = await t.app.inject({ method: 'DELETE', url, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.', code: 'not_found' });

    const removed = await t.app.inject({ method: 'DELETE', url, headers: bearer(client) });
    expect(removed.statusCode).toBe(204);
    expect(await db().select().from(pushDevices).where(eq(pushDevices.token, TOKEN))).toEqual([]);
    const gone = await t.app.inject({ method: 'DELETE', url, headers: bearer(client) });
    expect(gone.statusCode).toBe(404);

    // A phone that changes hands follows the user who signed in last.
    await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/devices',
      headers: bearer(client),
      payload: { token: TOKEN, platform: 'ios' },
    });
    const moved = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/devices',
      headers: bearer(other),
      payload: { token: TOKEN, platform: 'ios' },
    });
    expect(moved.statusCode).toBe(201);
    const [row] = await db().select().from(pushDevices).where(eq(pushDevices.token, TOKEN));
    expect(row?.userId).toBe(await userId('designee@demo.test'));
    await db().delete(pushDevices).where(eq(pushDevices.token, TOKEN));
  });

  it('queues a notification only on the channels the user left on; codes and resets always', async () => {
    const client = await userId('client@demo.test');
    const manager = await userId('manager@demo.test');
    await db().insert(pushDevices).values({ userId: client, token: TOKEN, platform: 'ios' });
    await db().delete(outbox);
    const message = billAwaitingApprovalMessage({
      organizationName: 'Demo Family Office',
      recipientName: 'Claire',
      clientName: 'Harper Household',
      vendorName: 'Acme Power & Light',
      amountCents: 12_050,
      dueDate: '03/31/2026',
      billUrl: 'http://app.test/bill/b-1',
      preferencesUrl: 'http://app.test/profile',
      data: { billGuid: 'b-1' },
    });
    // client@demo.test turned e-mail off for client_approval in the first test.
    const result = await db().transaction(async (tx) => {
      const approval = await notifyUser(tx, client, 'client_approval', message);
      const recurring = await notifyUser(tx, client, 'recurring', message);
      const toManager = await notifyUser(tx, manager, 'client_approval', message);
      await enqueueSms(tx, { userId: client, to: '+15555550100', body: 'Your code is 123456' });
      await enqueueEmail(tx, { userId: client, to: 'client@demo.test', subject: 'Reset', text: 'x' });
      return { approval, recurring, toManager };
    });
    expect(result).toEqual({
      approval: { email: false, push: 1 },
      recurring: { email: true, push: 1 },
      toManager: { email: true, push: 0 },
    });
    const rows = await db().select().from(outbox).orderBy(outbox.id);
    expect(
      rows.map((r) => [r.channel, r.userId === client ? 'client' : 'manager', r.notificationType]),
    ).toEqual([
      ['push', 'client', 'client_approval'],
      ['email', 'client', 'recurring'],
      ['push', 'client', 'recurring'],
      ['email', 'manager', 'client_approval'],
      ['sms', 'client', null],
      ['email', 'client', null],
    ]);
    const push = rows[0];
    expect(push).toMatchObject({ recipient: TOKEN, subject: 'Bill awaiting approval' });
    expect(push?.bodyText).toBe('Acme Power & Light, $120.50 (Harper Household)');
    expect(JSON.parse(push?.bodyHtml ?? '{}')).toEqual({
      type: 'client_approval',
      url: 'http://app.test/bill/b-1',
      billGuid: 'b-1',
    });
    const email = rows[3];
    expect(email?.subject).toBe('A bill of $120.50 to Acme Power & Light awaits your approval');
    expect(email?.bodyHtml).toContain('Acme Power &amp; Light');
    expect(email?.bodyHtml).toContain('Demo Family Office');
    expect(email?.bodyText).toContain('Review the bill: http://app.test/bill/b-1');
    expect(email?.bodyText).toContain('Notification preferences: http://app.test/profile');
    await db().delete(pushDevices).where(eq(pushDevices.token, TOKEN));
  });

  it('sends the password reset e-mail in the common layout, as text and HTML', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset',
      payload: { email: 'associate@demo.test' },
    });
    const [row] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'associate@demo.test'), eq(outbox.subject, 'Reset your password')));
    expect(row?.bodyText).toMatch(/Reset your password: http:\/\/app\.test\/reset-password\?token=\S+/);
    expect(row?.bodyText).toContain('If you did not expect this e-mail, you can ignore it.');
    expect(row?.bodyHtml).toMatch(/^<!DOCTYPE html>/);
    expect(row?.bodyHtml).toMatch(
      /<a href="http:\/\/app\.test\/reset-password\?token=[^"]+"[^>]*>Reset your password<\/a>/,
    );
    expect(row?.bodyHtml).not.toMatch(/<(img|link|script)\b/);
  });

  it('lets a signed-out visitor read the messages of a demo address, and no other', async () => {
    const signedOut = await t.app.inject({ url: '/v1/outbox?recipient=associate@demo.test' });
    expect(signedOut.statusCode).toBe(200);
    const [latest] = signedOut.json().results;
    expect(latest).toMatchObject({ channel: 'email', subject: 'Reset your password', status: 'pending' });
    expect(latest.body_text).toContain('reset-password?token=');

    const nobody = await t.app.inject({ url: '/v1/outbox' });
    expect(nobody.statusCode).toBe(401);
    const real = await t.app.inject({ url: '/v1/outbox?recipient=someone@example.com' });
    expect(real.statusCode).toBe(403);
    const unknown = await t.app.inject({ url: '/v1/outbox?recipient=nobody@demo.test' });
    expect(unknown.json()).toMatchObject({ count: 0, results: [] });
    // The web asks, signed out, whether to offer the demo outbox.
    const mode = await t.app.inject({ url: '/v1/demo-mode' });
    expect(mode.statusCode).toBe(200);
    expect(mode.json()).toEqual({ demo: true });
  });
});

describe.each(backends)('production mode (%s)', (backend: Backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false });
  });
  afterAll(() => t.close());

  it('has no demo outbox, signed in or not', async () => {
    const signedOut = await t.app.inject({ url: '/v1/outbox?recipient=client@demo.test' });
    expect(signedOut.statusCode).toBe(404);
    const client = await login(t.app, 'client@demo.test');
    const signedIn = await t.app.inject({ url: '/v1/outbox', headers: bearer(client) });
    expect(signedIn.statusCode).toBe(404);
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/v1/outbox');
    const mode = await t.app.inject({ url: '/v1/demo-mode' });
    expect(mode.json()).toEqual({ demo: false });
    expect(Object.keys(doc.paths)).toContain('/v1/notifications/preferences');
  });
});

describe('e-mail layout', () => {
  it('escapes every value and drops links that are not http(s)', () => {
    const { text, html } = renderEmail({
      organizationName: '<Smith & Co>',
      greeting: 'Hello "Ann",',
      lines: ['<script>alert(1)</script>'],
      action: { label: 'Open', url: 'javascript:alert(1)' },
    });
    expect(html).toContain('&lt;Smith &amp; Co&gt;');
    expect(html).toContain('Hello &quot;Ann&quot;,');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
    expect(text).toContain('Sent by <Smith & Co> through the Bill-pay platform.');
  });
});
