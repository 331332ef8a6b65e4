import { describe, expect, it } from 'vitest';
import { browserContractsSource, CONTRACTS_MODULE } from './browser-contracts.ts';

const ROUTES = '/repo/packages/contracts/src/routes/things.ts';
const SCHEMAS = '/repo/packages/contracts/src/things.ts';

const routes = `import { z } from 'zod';
import { thing, thingRequest } from '../things.ts';
import { defineRoute, FILE_RESPONSE, MULTIPART_BODY, noContentResponse } from '../route.ts';

const params = z.object({ thingGuid: z.uuid() });

export const thingRoutes = {
  getThing: defineRoute({
    method: 'GET',
    path: '/v1/things/:thingGuid',
    tags: ['things'],
    summary: 'One thing',
    params,
    query: z.object({ expand: z.string() }).strict(),
    responses: { 200: thing, 404: thing },
  }),
  postThingFile: defineRoute({
    method: 'POST',
    path: '/v1/things/:thingGuid/file',
    params,
    body: MULTIPART_BODY,
    responses: { 201: thingRequest.extend({ id: z.number() }), 204: noContentResponse },
  }),
  getThingExport: defineRoute({ method: 'GET', path: '/v1/things/export', responses: { 200: FILE_RESPONSE } }),
};
`;

/** Evaluates the rewritten module's route table with stand-ins for what it imports. */
function routeTable(code: string) {
  const body = code.replace(/^import .*$/gm, '').replace('export const thingRoutes =', 'return');
  const z = new Proxy({}, { get: () => () => ({ extend: () => ({}), strict: () => ({}) }) });
  return new Function(
    'z',
    'defineRoute',
    'FILE_RESPONSE',
    'MULTIPART_BODY',
    body.replace(/^const params.*$/m, ''),
  )(z, (route: unknown) => route, 'file', 'multipart');
}

describe('browser-contracts, the web build’s route declarations', () => {
  it('keeps method, path, answer statuses and the multipart and download markers, and drops every schema', () => {
    const result = browserContractsSource(routes, ROUTES);
    expect(result).not.toBeNull();
    const code = result?.code ?? '';
    expect(code).not.toMatch(/z\.object\(\{ expand/);
    expect(code).not.toMatch(/thingRequest\.extend/);
    expect(code).not.toMatch(/'One thing'/);

    const table = routeTable(code);
    expect(table.getThing).toEqual({
      method: 'GET',
      path: '/v1/things/:thingGuid',
      tags: undefined,
      summary: undefined,
      params: undefined,
      query: undefined,
      responses: { 200: undefined, 404: undefined },
    });
    expect(table.postThingFile.body).toBe('multipart');
    expect(Object.keys(table.postThingFile.responses)).toEqual(['201', '204']);
    expect(table.getThingExport.responses).toEqual({ 200: 'file' });
  });

  it('marks top-level computed constants pure so that unused schemas can be dropped', () => {
    const source = `import { z } from 'zod';
export const MAX = 100;
export const name = 'thing';
export const thing = z.object({ id: z.number() });
export const things = { one: thing, list: z.array(thing) } as const;
export function paged(item) { return z.object({ results: z.array(item) }); }
`;
    const code = browserContractsSource(source, SCHEMAS)?.code ?? '';
    expect(code).toContain('export const MAX = 100;');
    expect(code).toContain(`export const name = 'thing';`);
    expect(code).toContain('export const thing = /* @__PURE__ */ (() => (z.object({ id: z.number() })))();');
    expect(code).toContain(
      'export const things = /* @__PURE__ */ (() => ({ one: thing, list: z.array(thing) } as const))();',
    );
    expect(code).toContain('export function paged(item) { return z.object({ results: z.array(item) }); }');
  });

  it('applies to the contracts package’s modules, not to their tests or other packages', () => {
    expect(CONTRACTS_MODULE.test(ROUTES)).toBe(true);
    expect(CONTRACTS_MODULE.test(SCHEMAS)).toBe(true);
    expect(CONTRACTS_MODULE.test('/repo/packages/contracts/src/routes/routes.test.ts')).toBe(false);
    expect(CONTRACTS_MODULE.test('/repo/packages/domain/src/things.ts')).toBe(false);
    expect(browserContractsSource('export const MAX = 100;\n', SCHEMAS)).toBeNull();
  });
});
