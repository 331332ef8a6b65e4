import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('reports health after checking the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers and a request id on every answer', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    const api = await t.app.inject({ url: '/v1/accounts/clients' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('publishes the OpenAPI document and its docs page', async () => {
    const doc = await t.app.inject({ url: '/v1/openapi.json' });
    expect(doc.json().paths['/v1/auth/login']).toBeDefined();
    const docs = await t.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('refuses to start when a route declares no access policy', async () => {
    const app = await buildApp(t.deps);
    app.get('/v1/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/without an access policy: GET \/v1\/forgotten/);
  });

  it('keeps the demo outbox out of production mode', async () => {
    const app = await buildApp({ ...t.deps, config: { ...t.config, demo: false } });
    await app.ready();
    const res = await app.inject({ url: '/v1/outbox' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});
