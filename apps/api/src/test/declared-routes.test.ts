import { apiRoutes } from '@bp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { routesOf } from './route-walk.ts';

/** `/v1/x/{id}` (OpenAPI) as `/v1/x/:id` (Fastify and the declarations). */
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

describe('routes and their declarations in @bp/contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Demo mode registers the demo outbox too, so every declaration has its route.
    t = await buildTestApp('pglite', { demo: true });
  });
  afterAll(() => t.close());

  it('registers every declaration', () => {
    const missing = apiRoutes.filter((route) => !t.app.hasRoute({ method: route.method, url: route.path }));
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('registers no /v1 route that is not declared', async () => {
    const declared = new Set(apiRoutes.map((route) => `${route.method} ${route.path}`));
    const registered = (await routesOf(t.app)).map((route) => `${route.method} ${fastifyPath(route.path)}`);
    expect(registered.length).toBeGreaterThanOrEqual(apiRoutes.length);
    expect(registered.filter((route) => !declared.has(route))).toEqual([]);
  });
});
