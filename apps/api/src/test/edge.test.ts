import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Backend, backends, bearer, buildTestApp, login, type TestApp } from './build-test-app.ts';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-opener-policy',
];

describe.each(backends)(
  'the edge: security headers, unstorable text, logs, rate limit (%s)',
  (backend: Backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(backend);
    });
    afterAll(() => t.close());

    it('sends the security headers on the access guard refusals (401, 403, 404) as on every answer', async () => {
      const client = await login(t.app, 'client@demo.test');
      const answers = [
        await t.app.inject({ url: '/v1/auth/users/me' }),
        await t.app.inject({ url: '/v1/auth/users/me', headers: { authorization: 'Bearer forged' } }),
        await t.app.inject({ url: '/v1/auth/mask/users', headers: bearer(client) }),
        await t.app.inject({
          url: '/v1/accounts/organizations/00000000-0000-4000-8000-000000000000/users',
          headers: bearer(client),
        }),
        await t.app.inject({ url: '/v1/nothing-here' }),
        await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 1 } }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 403, 404, 404, 400]);
      for (const answer of answers) {
        for (const header of SECURITY_HEADERS) {
          expect(answer.headers[header], `${answer.statusCode} ${header}`).toBeTruthy();
        }
      }
    });

    it('refuses NUL and unpaired surrogates at the edge with a 400 naming the field, signed in or not', async () => {
      const before = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: '\u0000', password: 'x' },
      });
      expect(before.statusCode).toBe(400);
      expect(before.json()).toEqual({ email: [expect.stringContaining('cannot be stored')] });
      const surrogate = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/password-reset',
        payload: { email: 'a\ud800@demo.test' },
      });
      expect(surrogate.statusCode).toBe(400);
      expect(Object.keys(surrogate.json())).toEqual(['email']);
      const staff = await login(t.app, 'manager@demo.test');
      const query = await t.app.inject({
        url: '/v1/auth/mask/users?search=a%00b',
        headers: bearer(await login(t.app, 'super@demo.test')),
      });
      expect(query.statusCode).toBe(400);
      expect(query.json()).toEqual({ search: [expect.stringContaining('cannot be stored')] });
      const nested = await t.app.inject({
        method: 'PATCH',
        url: '/v1/auth/users/me',
        headers: bearer(staff),
        payload: { first_name: 'Ann\u0000a' },
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json()).toEqual({ first_name: [expect.stringContaining('cannot be stored')] });
      // A pair of surrogates (an emoji) is ordinary text.
      const emoji = await t.app.inject({
        method: 'PATCH',
        url: '/v1/auth/users/me',
        headers: bearer(staff),
        payload: { first_name: 'Ann 😀' },
      });
      expect(emoji.statusCode).toBe(200);
    });

    it('answers a multipart request without a boundary with a 400', async () => {
      const staff = await login(t.app, 'manager@demo.test');
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/auth/users/me/upload-avatar',
        headers: { ...bearer(staff), 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
    });

    it('limits each address on the routes that need no sign-in, with a 429 throttled body', async () => {
      const limit = t.config.publicRateLimitPerMinute;
      const ask = (address: string) => t.app.inject({ url: '/v1/demo-mode', remoteAddress: address });
      for (let i = 0; i < limit; i++) expect((await ask('192.0.2.99')).statusCode).toBe(200);
      const over = await ask('192.0.2.99');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ detail: expect.any(String), code: 'throttled' });
      // Another address, and signed-in routes, are not affected.
      expect((await ask('192.0.2.100')).statusCode).toBe(200);
    });
  },
);

describe('error logging', () => {
  it('never logs a failed query with its parameters', async () => {
    const t = await buildTestApp('pglite');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(t.deps, { logger: { level: 'error', stream: sink } as never });
    app.get('/v1/test-failing-query', { config: { access: { kind: 'public' } } }, async (req) => {
      const secret = (req.query as { q?: string }).q ?? '';
      // A query that fails in the database with the caller's text as a parameter.
      await t.deps.database.db.execute(sql`select ${secret}::int`);
      return {};
    });
    await app.ready();
    const res = await app.inject({ url: '/v1/test-failing-query?q=caller-text-xyz' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error.', code: 'server_error' });
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('22P02');
    expect(log).not.toContain('caller-text-xyz');
    expect(log).not.toContain('select');
    await app.close();
    await t.close();
  });
});
