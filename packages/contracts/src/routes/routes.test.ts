import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes } from './all.ts';

const name = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('route declarations', () => {
  it('declare each method and path once', () => {
    const names = apiRoutes.map(name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('declare a parameter schema with exactly the parameters of the path', () => {
    const mismatched = apiRoutes.flatMap((route) => {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const shape = (route.params as z.ZodObject | undefined)?.shape ?? {};
      const declared = Object.keys(shape).sort();
      return JSON.stringify(inPath) === JSON.stringify(declared) ? [] : [`${name(route)}: ${declared}`];
    });
    expect(mismatched).toEqual([]);
  });

  it('declare at least one success answer', () => {
    const without = apiRoutes.filter(
      (route) =>
        !Object.keys(route.responses).some((status) => Number(status) >= 200 && Number(status) < 300),
    );
    expect(without.map(name)).toEqual([]);
  });

  it('live under /v1, or under /v2/integrations/proxy/{entity|admin|client} (the books, SPEC §7)', () => {
    const versioned = /^\/v1\/|^\/v2\/integrations\/proxy\/(entity|admin|client)\//;
    expect(apiRoutes.filter((route) => !versioned.test(route.path)).map(name)).toEqual([]);
    expect(apiRoutes.filter((route) => route.path.startsWith('/v2/')).length).toBeGreaterThan(0);
  });
});
