import type { FastifyInstance } from 'fastify';

export interface WalkedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path with `{param}` placeholders. */
  path: string;
  params: string[];
}

/** Every operation of the OpenAPI document: the list a new route cannot stay out of. */
export async function routesOf(app: FastifyInstance): Promise<WalkedRoute[]> {
  const res = await app.inject({ url: '/v1/openapi.json' });
  const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
  const routes: WalkedRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      routes.push({
        method: upper as WalkedRoute['method'],
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
      });
    }
  }
  return routes;
}

/** Fills `{param}` placeholders; an unknown parameter name fails loudly so the walk stays complete. */
export function fill(path: string, values: Record<string, string> | ((name: string) => string)): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = typeof values === 'function' ? values(name) : values[name];
    if (value === undefined)
      throw new Error(`No test value for path parameter "${name}" in ${path}: add it to the walk.`);
    return value;
  });
}
