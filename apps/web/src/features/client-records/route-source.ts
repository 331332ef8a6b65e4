import type { ApiClient, CallOptions, CallResult } from '@bp/api-client';
import type { Paged, RouteDeclaration } from '@bp/contracts';
import type { z } from 'zod';

/** A declared route and the path parameters of one call of it: what a generic hook or screen reads. */
export type RouteSource<R extends RouteDeclaration = RouteDeclaration> = { route: R } & Pick<
  CallOptions<R>,
  'params'
>;

/** A declared GET route whose answer is one page of rows, `{count, next, previous, results}`. */
export type PagedRoute<Row = unknown> = RouteDeclaration & {
  method: 'GET';
  responses: { 200: z.ZodType<Paged<Row>> };
};

/** A paged list route and its path parameters. */
export type ListSource<R extends PagedRoute = PagedRoute> = RouteSource<R>;

/** One row of a paged list route's answer. */
export type RowOf<R extends PagedRoute> = CallResult<R> extends Paged<infer Row> ? Row : never;

/** The path parameters of a route as its declaration takes them. */
export type ParamsOf<R extends RouteDeclaration> = CallOptions<R>['params'];

/** A declared write whose path parameters include `P` (the list's, plus the row's for an edit or delete). */
export type WriteRoute<M extends 'POST' | 'PATCH' | 'PUT' | 'DELETE', P> = RouteDeclaration & {
  method: M;
  params: z.ZodType<unknown, P>;
};

interface LooseCallOptions {
  params?: unknown;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * `api.call` for code generic over the route (a list hook, a record section). `call` types its options per
 * route, which a type parameter cannot be checked against; the callers' own signatures (`ListSource`,
 * `WriteRoute`) are what keep the routes and parameters right, and the client still builds the path from
 * the declaration and checks the answer against it.
 */
export function callDeclared(
  api: ApiClient,
  route: RouteDeclaration,
  options: LooseCallOptions,
): Promise<unknown> {
  const call = api.call as (route: RouteDeclaration, options: LooseCallOptions) => Promise<unknown>;
  return call(route, options);
}
