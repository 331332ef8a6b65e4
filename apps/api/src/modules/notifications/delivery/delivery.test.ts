import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../../test/build-test-app.ts';
import { findUserByEmail } from '../../users/index.ts';
import { enqueueEmail, enqueuePush, enqueueSms } from '../outbox.ts';
import { outbox, pushDevices } from '../tables.ts';
import { closedPort, parseMail, startHttpServer, startSmtpServer } from './local-servers.test-support.ts';
import { createExpoPushSender } from './push.ts';
import {
  BASE_BACKOFF_MS,
  createDeliveryRunner,
  MAX_ATTEMPTS,
  MAX_BACKOFF_MS,
  NOT_CONFIGURED,
} from './runner.ts';
import type { EmailSender } from './senders.ts';
import { createTwilioSmsSender } from './sms.ts';
import { createSmtpSender } from './smtp.ts';

const FROM = 'Bill-pay platform <no-reply@app.test>';

describe.each(backends)('outbox delivery (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  const db = () => t.deps.database.db;
  /** The test's clock, a moment after now so rows queued with the database's now() are due. */
  const tick = (ms = 1000) => {
    t.clock.now = new Date(Math.max(Date.now(), t.clock.now.getTime()) + ms);
  };
  const rows = () => db().select().from(outbox).orderBy(outbox.id);
  const smtpSender = (port: number, auth?: { user: string; pass: string }) =>
    createSmtpSender({
      host: '127.0.0.1',
      port,
      secure: false,
      from: FROM,
      ...(auth && { user: auth.user, password: auth.pass }),
    });

  beforeEach(async () => {
    await db().delete(outbox);
  });

  it('sends a queued e-mail over SMTP, with its subject, text and HTML, and marks it sent', async () => {
    const smtp = await startSmtpServer({ user: 'mailer', pass: 'smtp-test-password' });
    servers.push(smtp);
    await db().transaction((tx) =>
      enqueueEmail(tx, {
        userId: null,
        to: 'someone@demo.test',
        subject: 'Your code — 123456',
        text: 'Hello,\nyour code is 123456.',
        html: '<p>Hello, your code is <b>123456</b>.</p>',
      }),
    );
    const runner = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: { email: smtpSender(smtp.port, { user: 'mailer', pass: 'smtp-test-password' }) },
    });
    tick();
    expect(await runner.runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(['someone@demo.test']);
    expect(mail?.from).toBe('no-reply@app.test');
    expect(mail?.user).toBe('mailer');
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.subject).toBe('Your code — 123456');
    expect(parsed.text).toBe('Hello,\nyour code is 123456.');
    expect(parsed.html).toBe('<p>Hello, your code is <b>123456</b>.</p>');

    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row?.sentAt?.getTime()).toBe(t.clock.now.getTime());
    // Sent once: another pass finds nothing.
    tick(3_600_000);
    expect((await runner.runOnce()).claimed).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a message the SMTP server refuses, with backoff, and sends it once the server takes it', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    smtp.refuseWith = { code: 451, message: 'Temporary local problem, try again later' };
    await db().transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'a@demo.test', subject: 'Hi', text: 'Hello' }),
    );
    const runner = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: { email: smtpSender(smtp.port) },
    });
    tick();
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row?.lastError).toMatch(/451/);
    expect(row?.nextAttemptAt.getTime()).toBe(t.clock.now.getTime() + BASE_BACKOFF_MS);

    // Not due yet: nothing is tried.
    tick(BASE_BACKOFF_MS / 2);
    expect((await runner.runOnce()).claimed).toBe(0);

    // Second refusal doubles the wait.
    tick(BASE_BACKOFF_MS);
    expect(await runner.runOnce()).toMatchObject({ retried: 1 });
    [row] = await rows();
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt.getTime()).toBe(t.clock.now.getTime() + 2 * BASE_BACKOFF_MS);

    smtp.refuseWith = null;
    tick(2 * BASE_BACKOFF_MS);
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it(`marks a message failed with its reason after ${MAX_ATTEMPTS} attempts against a closed port`, async () => {
    const port = await closedPort();
    await db().transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'b@demo.test', subject: 'Hi', text: 'Hello' }),
    );
    const runner = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: { email: smtpSender(port) },
    });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      tick(MAX_BACKOFF_MS);
      const summary = await runner.runOnce();
      expect(summary.claimed).toBe(1);
      const [row] = await rows();
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
    }
    const [row] = await rows();
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.lastError).toMatch(/^SMTP: /);
    tick(MAX_BACKOFF_MS);
    expect((await runner.runOnce()).claimed).toBe(0);
  });

  it('leaves messages of an unconfigured channel pending and says why', async () => {
    await db().transaction(async (tx) => {
      await enqueueEmail(tx, { userId: null, to: 'c@demo.test', subject: 'Hi', text: 'Hello' });
      await enqueueSms(tx, { userId: null, to: '+15555550100', body: 'Code 111111' });
    });
    const runner = createDeliveryRunner({ db: db(), now: () => t.clock.now, senders: {} });
    tick();
    expect((await runner.runOnce()).claimed).toBe(0);
    const [email, sms] = await rows();
    expect(email).toMatchObject({ status: 'pending', attempts: 0, lastError: NOT_CONFIGURED.email });
    expect(sms).toMatchObject({ status: 'pending', attempts: 0, lastError: NOT_CONFIGURED.sms });
  });

  it('sends text messages in the shape of Twilio’s API and records a 400 from the provider as failed', async () => {
    const sms = await startHttpServer(() => ({
      status: 201,
      body: { sid: 'SM0123456789', status: 'queued' },
    }));
    servers.push(sms);
    const runner = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: {
        sms: createTwilioSmsSender({
          baseUrl: sms.url,
          accountSid: 'AC_test_sid',
          authToken: 'sms-test-token',
          from: '+15555550000',
        }),
      },
    });
    await db().transaction((tx) =>
      enqueueSms(tx, { userId: null, to: '+15555550123', body: 'Your code is 654321' }),
    );
    tick();
    expect(await runner.runOnce()).toMatchObject({ sent: 1 });
    const request = sms.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC_test_sid/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC_test_sid:sms-test-token').toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+15555550123',
      From: '+15555550000',
      Body: 'Your code is 654321',
    });

    sms.answer = () => ({
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +1555 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    await db().transaction((tx) =>
      enqueueSms(tx, { userId: null, to: '+1555', body: 'Your code is 000000' }),
    );
    tick();
    expect(await runner.runOnce()).toMatchObject({ failed: 1 });
    const failed = (await rows()).find((r) => r.recipient === '+1555');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toBe(
      "SMS provider answered 400: The 'To' number +1555 is not a valid phone number. (code 21211)",
    );
    // Neither the credentials nor the body are in the reason.
    expect(failed?.lastError).not.toMatch(/sms-test-token|000000/);

    // A 5xx is retried.
    sms.answer = () => ({ status: 503, body: { message: 'Service unavailable', status: 503 } });
    await db().transaction((tx) => enqueueSms(tx, { userId: null, to: '+15555550124', body: 'x' }));
    tick();
    expect(await runner.runOnce()).toMatchObject({ retried: 1 });
  });

  it('pushes to every device of the user through Expo’s API; DeviceNotRegistered removes the device', async () => {
    const expo = await startHttpServer((req) => {
      const [message] = JSON.parse(req.body) as { to: string }[];
      return message?.to === 'ExponentPushToken[gone-device-0001]'
        ? {
            status: 200,
            body: {
              data: [
                {
                  status: 'error',
                  message: `"${message.to}" is not a registered push notification recipient`,
                  details: { error: 'DeviceNotRegistered' },
                },
              ],
            },
          }
        : { status: 200, body: { data: [{ status: 'ok', id: 'ticket-1' }] } };
    });
    servers.push(expo);
    const client = await login(t.app, 'client@demo.test');
    for (const token of ['ExponentPushToken[live-device-0001]', 'ExponentPushToken[gone-device-0001]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/notifications/devices',
        headers: bearer(client),
        payload: { token, platform: 'ios' },
      });
      expect(res.statusCode).toBe(201);
    }
    const user = await findUserByEmail(db(), 'client@demo.test');
    const queued = await db().transaction((tx) =>
      enqueuePush(tx, {
        userId: user?.id ?? 0,
        title: 'Bill awaiting approval',
        body: 'Acme Power, $120.00',
        data: { billGuid: 'b-1' },
        notificationType: 'client_approval',
      }),
    );
    expect(queued).toBe(2);
    const runner = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: {
        push: createExpoPushSender({
          url: `${expo.url}/--/api/v2/push/send`,
          accessToken: 'expo-test-token',
        }),
      },
    });
    tick();
    expect(await runner.runOnce()).toMatchObject({ claimed: 2, sent: 1, failed: 1 });
    const live = expo.requests.find((r) => r.body.includes('live-device'));
    expect(live?.url).toBe('/--/api/v2/push/send');
    expect(live?.headers.authorization).toBe('Bearer expo-test-token');
    expect(JSON.parse(live?.body ?? '[]')).toEqual([
      {
        to: 'ExponentPushToken[live-device-0001]',
        title: 'Bill awaiting approval',
        body: 'Acme Power, $120.00',
        data: { billGuid: 'b-1' },
        sound: 'default',
      },
    ]);
    const gone = (await rows()).find((r) => r.recipient.includes('gone-device'));
    expect(gone).toMatchObject({ status: 'failed' });
    expect(gone?.lastError).toMatch(/DeviceNotRegistered/);
    const devices = await db()
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.userId, user?.id ?? 0));
    expect(devices.map((d) => d.token)).toEqual(['ExponentPushToken[live-device-0001]']);
  });

  it('never sends a message twice when two runners work the outbox at the same time', async () => {
    const sent: string[] = [];
    const slowSender: EmailSender = {
      async send(message) {
        // Yield so the other runner's claim interleaves with this one's sends.
        await new Promise((done) => setTimeout(done, 2));
        sent.push(message.to);
      },
    };
    await db().transaction(async (tx) => {
      for (let i = 0; i < 40; i++)
        await enqueueEmail(tx, { userId: null, to: `m${i}@demo.test`, subject: 's', text: 't' });
    });
    tick();
    const make = () =>
      createDeliveryRunner({
        db: db(),
        now: () => t.clock.now,
        senders: { email: slowSender },
        batchSize: 7,
      });
    const [a, b] = [make(), make()];
    let claimed = 0;
    for (;;) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      if (x.claimed + y.claimed === 0) break;
      claimed += x.claimed + y.claimed;
    }
    expect(claimed).toBe(40);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('gives a message held by a crashed worker to another once the lease runs out', async () => {
    await db().transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'd@demo.test', subject: 's', text: 't' }),
    );
    const sent: string[] = [];
    const hanging: EmailSender = { send: () => new Promise(() => {}) };
    const crashed = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: { email: hanging },
      leaseMs: 60_000,
    });
    tick();
    void crashed.runOnce();
    // Wait until the row is claimed (the hanging send never settles).
    for (let i = 0; i < 200 && (await rows())[0]?.lockedUntil === null; i++)
      await new Promise((d) => setTimeout(d, 5));
    const other = createDeliveryRunner({
      db: db(),
      now: () => t.clock.now,
      senders: { email: { send: async (m) => void sent.push(m.to) } },
    });
    expect((await other.runOnce()).claimed).toBe(0);
    tick(61_000);
    expect(await other.runOnce()).toMatchObject({ sent: 1 });
    expect(sent).toEqual(['d@demo.test']);
  });
});
