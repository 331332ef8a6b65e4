import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, buildTestApp, login, type TestApp } from './build-test-app.ts';
import { fill, routesOf } from './route-walk.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Payloads no route should take: wrong types, nulls, arrays, deep nesting, huge strings. */
const GARBAGE: unknown[] = [
  null,
  [],
  'text',
  42,
  { email: 42, password: true, refresh: ['x'], guid: 'not-a-guid', token: {}, first_name: 7 },
  { email: 'a'.repeat(5000), password: 'b'.repeat(5000), first_name: 'c'.repeat(5000) },
  { nested: { deeper: { deepest: [1, 2, { x: null }] } } },
];

describe.each(backends)('bad input (%s)', (backend: Backend) => {
  let t: TestApp;
  let staff: { access: string; refresh: string };
  beforeAll(async () => {
    t = await buildTestApp(backend);
    staff = await login(t.app, 'super@demo.test');
  });
  afterAll(() => t.close());

  it('answers every route with a documented 4xx body, never a 500, for garbage and unknown guids', async () => {
    const routes = await routesOf(t.app);
    for (const route of routes) {
      const url = fill(route.path, () => UNKNOWN);
      for (const payload of route.method === 'GET' ? [undefined] : GARBAGE) {
        const res = await t.app.inject({
          method: route.method,
          url: `${url}?page=-1&page_size=abc`,
          headers: bearer(staff),
          ...(payload === undefined
            ? {}
            : {
                payload: JSON.stringify(payload),
                headers: { ...bearer(staff), 'content-type': 'application/json' },
              }),
        });
        const label = `${route.method} ${route.path} ${JSON.stringify(payload)?.slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        const body = res.json();
        const documented =
          (typeof body.detail === 'string' && typeof body.code === 'string') ||
          Object.values(body).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
        expect(documented, label).toBe(true);
        expect(res.body, label).not.toMatch(/at .*\.ts:\d+|stack/i);
      }
    }
  });

  it('names the missing fields with 400 {field: [message]}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('refuses malformed JSON and oversized bodies without reading them', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBeTypeOf('string');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.', code: 'fst_err_ctp_body_too_large' });
  });

  it('answers unknown API paths with a 404 body', async () => {
    const res = await t.app.inject({ url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});
