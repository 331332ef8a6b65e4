import {
  FILE_RESPONSE,
  MULTIPART_BODY,
  type RouteDeclaration,
  type RouteResponse,
  routeErrorResponses,
} from '@bp/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AccessPolicy } from '../access/policy.ts';

type JsonResponses<R extends RouteDeclaration> = {
  [S in keyof R['responses'] as R['responses'][S] extends z.ZodType ? S : never]: R['responses'][S];
};

/** The Fastify schema a declaration stands for, so handlers are typed exactly as with an inline schema. */
export type SchemaOf<R extends RouteDeclaration> = {
  params: R['params'] extends z.ZodType ? R['params'] : undefined;
  querystring: R['query'] extends z.ZodType ? R['query'] : undefined;
  body: R['body'] extends z.ZodType ? R['body'] : undefined;
  headers: R['headers'] extends z.ZodType ? R['headers'] : undefined;
  // A download's handler sends bytes (a Buffer, a stream), which the JSON reply types do not describe.
  response: typeof FILE_RESPONSE extends R['responses'][keyof R['responses']]
    ? undefined
    : JsonResponses<R> & typeof routeErrorResponses;
};

export type DeclaredRouteHandler<R extends RouteDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  SchemaOf<R>,
  ZodTypeProvider
>;

/** What only the server knows about a route: who may call it, what it does, and its limits. */
export interface ServerRouteOptions<R extends RouteDeclaration> {
  access: AccessPolicy;
  handler: DeclaredRouteHandler<R>;
  /** Route config beyond the access policy (e.g. `rateLimit`). */
  config?: Omit<FastifyContextConfig, 'access'> & Record<string, unknown>;
  bodyLimit?: number;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  preValidation?: preValidationHookHandler | preValidationHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
}

/**
 * Registers a route from its declaration in packages/contracts: method, url and schema come from the
 * declaration, the shared error responses are added here once, and the server adds its access policy
 * and handler. Downloads (`'file'`) have no response schema, so their bytes are sent as they are;
 * multipart bodies are read by the handler and documented as such (`consumes`).
 */
export function registerRoute<const R extends RouteDeclaration>(
  app: FastifyInstance,
  route: R,
  options: ServerRouteOptions<R>,
) {
  const response: Record<number, z.ZodType> = {};
  for (const [status, answer] of Object.entries(route.responses) as [string, RouteResponse][]) {
    // A download's success has no schema: its bytes are sent as they are. Its errors are JSON as anywhere.
    if (answer !== FILE_RESPONSE) response[Number(status)] = answer;
  }
  const schema: Record<string, unknown> = { response: { ...routeErrorResponses, ...response } };
  if (route.tags) schema.tags = [...route.tags];
  if (route.summary) schema.summary = route.summary;
  if (route.description) schema.description = route.description;
  if (route.hide) schema.hide = true;
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.headers) schema.headers = route.headers;
  if (route.body === MULTIPART_BODY) schema.consumes = ['multipart/form-data'];
  else if (route.body) schema.body = route.body;

  const { access, handler, config, ...hooks } = options;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...hooks,
    method: route.method,
    url: route.path,
    config: { ...config, access, declaration: route },
    schema,
    handler: handler as RouteHandlerMethod,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contracts declaration the route was registered from (checked by test/declared-routes.test.ts). */
    declaration?: RouteDeclaration;
  }
}
