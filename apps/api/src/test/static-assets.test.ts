import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// What a browser gets from the built web app (issue 12): the precompressed file it can decode,
// hashed assets cached for a year, index.html revalidated, and the security headers throughout.
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(200))});\n`;
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-AbC123.js"></script></body></html>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built web app: precompressed files and cache headers', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const webDist = join(t.config.filesDir, 'web-dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    const script = join(webDist, 'assets', 'index-AbC123.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    app = await buildApp({ ...t.deps, config: { ...t.config, webDist } });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser that accepts br, gzip to one that accepts only gzip, else the plain file', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gzip = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const answer of [br, gzip, plain]) expect(answer.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year, revalidates index.html and the SPA fallback, with the security headers', async () => {
    const asset = await get('/assets/index-AbC123.js', 'br');
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);

    const index = await get('/index.html', 'br');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');

    // A client-side route is answered with index.html, which must not be cached either.
    const route = await get('/clients/some-client', 'gzip, br');
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe(INDEX);
    expect(route.headers['cache-control']).toBe('no-cache');

    for (const answer of [asset, index, route]) {
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeDefined();
    }
  });
});
