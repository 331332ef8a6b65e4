/**
 * One declaration per API route (issue 11): method, path, parameters, body and responses, written once
 * here. The API registers its routes from these declarations (apps/api platform/http/route.ts) and the
 * apps call them through the typed client (packages/api-client `call`), so a renamed route or field is
 * a type error or a failing test on both sides instead of a surprise for a user.
 */
import { z } from 'zod';
import { errorBody } from './common.ts';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is not JSON: a download (CSV, XLSX, PDF, an attachment), read as a Blob. */
export const FILE_RESPONSE = 'file';
/** A request body sent as multipart/form-data (uploads), passed as FormData by the client. */
export const MULTIPART_BODY = 'multipart';

/** A zod schema, as the declarations hold them (named so the client need not import zod itself). */
export type RouteSchema = z.ZodType;
/** One problem found when a value does not match a schema. */
export type RouteSchemaIssue = z.core.$ZodIssue;

export type RouteResponse = z.ZodType | typeof FILE_RESPONSE;

export interface RouteDeclaration {
  method: RouteMethod;
  /** Fastify's form: `:param` segments, e.g. `/v1/billing/clients/:clientGuid/commitments`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | typeof MULTIPART_BODY;
  /** Request headers the route reads (e.g. `Idempotency-Key`). */
  headers?: z.ZodType;
  /**
   * Answers by status: the success status(es) and any error status beyond the shared ones
   * (`routeErrorResponses`, which every route may give and the API adds once).
   */
  responses: Partial<Record<number, RouteResponse>>;
  tags?: readonly string[];
  summary?: string;
  description?: string;
  /** Left out of the OpenAPI document (internal or demo-only routes). */
  hide?: boolean;
}

/** Keeps the literal types of a declaration (its path and schemas) for the server and the client. */
export function defineRoute<const R extends RouteDeclaration>(route: R): R {
  return route;
}

/** Documented error answers every route may give (DESIGN.md §4). 400 is `{field: [messages]}` or `{detail, code}`. */
export const routeErrorResponses = {
  400: z.record(z.string(), z.unknown()).describe('Validation errors: {field: ["message"]}'),
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};

/** The 204 answer of deletes and other writes that return nothing. */
export const noContentResponse = z.null().describe('No content');

type SuccessStatus = 200 | 201 | 202 | 204;

/** The statuses of a declaration's successful answers. */
export type SuccessResponses<R extends RouteDeclaration> = {
  [S in keyof R['responses'] & SuccessStatus]: R['responses'][S];
}[keyof R['responses'] & SuccessStatus];

type OutputOf<T> = T extends z.ZodType ? z.output<T> : T extends typeof FILE_RESPONSE ? Blob : never;
type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** What a successful call gives back: the parsed JSON of a 2xx answer, or a Blob for a download. */
export type RouteResult<R extends RouteDeclaration> = OutputOf<SuccessResponses<R>>;
export type RouteParams<R extends RouteDeclaration> = InputOf<R['params']>;
export type RouteQuery<R extends RouteDeclaration> = InputOf<R['query']>;
export type RouteBody<R extends RouteDeclaration> = R['body'] extends typeof MULTIPART_BODY
  ? FormData
  : InputOf<R['body']>;

/** True for 2xx statuses: the answers a client returns rather than throws. */
export const isSuccessStatus = (status: number) => status >= 200 && status < 300;
