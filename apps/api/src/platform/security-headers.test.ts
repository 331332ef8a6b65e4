import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, SECURITY_HEADER_OPTIONS, securityHeadersOf } from './security-headers.ts';

// What @fastify/helmet 13.2.0 (helmet 8.3.0) sent on every answer for these options, recorded before the
// headers were computed once at start-up: the answers must not change.
const HELMET_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are the ones helmet sent per request, on answers, errors and not-found alike', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, SECURITY_HEADER_OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fails', '/nothing-here']) {
      const answer = await app.inject({ url });
      for (const [name, value] of Object.entries(HELMET_HEADERS))
        expect(answer.headers[name], url).toBe(value);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
    await app.close();
  });

  it('refuses a directive that depends on the request', () => {
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
      }),
    ).toThrow(/scriptSrc depends on the request/);
  });
});
