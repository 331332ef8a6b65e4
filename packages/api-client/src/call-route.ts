import {
  FILE_RESPONSE,
  isSuccessStatus,
  MULTIPART_BODY,
  type RouteBody,
  type RouteDeclaration,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
  type RouteSchema,
  type RouteSchemaIssue,
} from '@bp/contracts';
import type { HttpMethod, RequestOptions } from './types.ts';

/** A download's bytes and its `Content-Disposition` header (the server's file name, when it gives one). */
export interface DownloadedFile {
  blob: Blob;
  disposition: string | null;
}

type ParamsOption<R extends RouteDeclaration> = R['params'] extends RouteSchema
  ? { params: RouteParams<R> }
  : { params?: undefined };
/** Query values as they go on the URL; keys are the declared ones. */
type QueryOption<R extends RouteDeclaration> = R['query'] extends RouteSchema
  ? { query?: { [K in keyof RouteQuery<R>]?: RouteQuery<R>[K] | null } }
  : { query?: undefined };
type BodyOption<R extends RouteDeclaration> = R['body'] extends typeof MULTIPART_BODY
  ? { body: FormData }
  : R['body'] extends RouteSchema
    ? undefined extends RouteBody<R>
      ? { body?: RouteBody<R> }
      : { body: RouteBody<R> }
    : { body?: undefined };

/** What one call of a declared route takes: its path parameters, query and body, typed from the declaration. */
export type CallOptions<R extends RouteDeclaration> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> &
  Pick<RequestOptions, 'headers' | 'anonymous' | 'signal'>;

/** Routes that need no parameters or body may be called without options. */
export type CallArgs<R extends RouteDeclaration> =
  Record<never, never> extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** What a call resolves to: the declared success answer, or the file of a download. */
export type CallResult<R extends RouteDeclaration> =
  RouteResult<R> extends Blob ? DownloadedFile : RouteResult<R>;

/** A response that does not match its route's declaration (checked in development and tests only). */
export class ResponseValidationError extends Error {
  readonly route: string;
  readonly issues: readonly RouteSchemaIssue[];
  constructor(route: string, issues: readonly RouteSchemaIssue[]) {
    const detail = issues
      .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(body)'}: ${issue.message}`)
      .join('; ');
    super(`The answer of ${route} does not match its declaration: ${detail}`);
    this.name = 'ResponseValidationError';
    this.route = route;
    this.issues = issues;
  }
}

/** The route's path with each `:param` replaced by its encoded value; a missing value is a programming error. */
export function pathOf(route: RouteDeclaration, params: Record<string, unknown> | undefined): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${route.method} ${route.path}: no value for the path parameter "${name}".`);
    }
    return encodeURIComponent(String(value));
  });
}

const routeName = (route: RouteDeclaration) => `${route.method} ${route.path}`;

/** Checks a successful answer against the route's declared success schemas (any one of them may match). */
export function validateResponse(route: RouteDeclaration, data: unknown): void {
  const schemas: RouteSchema[] = [];
  let noContent = false;
  for (const [status, answer] of Object.entries(route.responses)) {
    if (!isSuccessStatus(Number(status)) || answer === undefined || answer === FILE_RESPONSE) continue;
    if (Number(status) === 204) noContent = true;
    schemas.push(answer);
  }
  // An empty body is read as undefined: the 204 of a declared no-content answer.
  if (data === undefined && noContent) return;
  let firstIssues: RouteSchemaIssue[] | null = null;
  for (const schema of schemas) {
    const result = schema.safeParse(data);
    if (result.success) return;
    firstIssues ??= result.error.issues;
  }
  if (firstIssues) throw new ResponseValidationError(routeName(route), firstIssues);
}

type RequestFn = <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;

/**
 * `call(route, options)` over a client's `request`: builds the path from the declaration, sends the
 * query and body, reads a download as a file, and (when `validateResponses`) checks the answer.
 * Shared by the real client and the apps' scripted test clients, so tests check their fixtures too.
 */
export function createCall(request: RequestFn, options: { validateResponses: boolean }) {
  return async <const R extends RouteDeclaration>(
    route: R,
    ...[callOptions]: CallArgs<R>
  ): Promise<CallResult<R>> => {
    const opts = (callOptions ?? {}) as {
      params?: Record<string, unknown>;
      query?: RequestOptions['query'];
      body?: unknown;
    } & Pick<RequestOptions, 'headers' | 'anonymous' | 'signal'>;
    const requestOptions: RequestOptions = {};
    if (opts.query) requestOptions.query = opts.query;
    if (opts.headers) requestOptions.headers = opts.headers;
    if (opts.anonymous !== undefined) requestOptions.anonymous = opts.anonymous;
    if (opts.signal) requestOptions.signal = opts.signal;
    if (route.body === MULTIPART_BODY) requestOptions.formData = opts.body as FormData;
    else if (opts.body !== undefined) requestOptions.body = opts.body;
    const isDownload = Object.values(route.responses).includes(FILE_RESPONSE);
    if (isDownload) requestOptions.responseType = 'file';
    const data = await request<unknown>(route.method, pathOf(route, opts.params), requestOptions);
    if (options.validateResponses && !isDownload) validateResponse(route, data);
    return data as CallResult<R>;
  };
}
