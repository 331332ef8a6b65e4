import { setTimeout as sleep } from 'node:timers/promises';
import type { QuickbooksOnlineConfig } from '../../../platform/config.ts';

/**
 * The client of Intuit's real APIs (decision 035): OAuth 2.0 (authorize, token, revoke) and the
 * Accounting API v3 (query, change data capture, create). Every address comes from configuration, so
 * the same code talks to Intuit or to the tests' stand-in (test-support/qbo-stand-in.ts).
 */

/** Why a call to QuickBooks failed, with the provider's own message for staff. */
export class QboError extends Error {
  override name = 'QboError';
  constructor(
    /** `auth`: the access token was refused; `revoked`: the refresh token was (reconnect); `throttled`: 429 after our retries. */
    readonly kind: 'auth' | 'revoked' | 'throttled' | 'fault' | 'network',
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface QboTokens {
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
  x_refresh_token_expires_in?: number;
}

/**
 * No call to Intuit may hang: a token refresh holds the connection's row lock while it waits, and a worker
 * its job. A timed-out call is a network error (the job retries; the sync reports it).
 */
const CALL_TIMEOUT_MS = 30_000;

const basic = (config: QuickbooksOnlineConfig) =>
  `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

async function tokenCall(config: QuickbooksOnlineConfig, form: Record<string, string>): Promise<QboTokens> {
  let res: Response;
  try {
    res = await fetch(config.tokenUrl, {
      method: 'POST',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      headers: {
        authorization: basic(config),
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
  } catch {
    throw new QboError('network', 'QuickBooks could not be reached. Try again in a moment.');
  }
  const body = (await res.json().catch(() => ({}))) as Partial<QboTokens> & {
    error?: string;
    error_description?: string;
  };
  if (res.status === 400 && body.error === 'invalid_grant')
    throw new QboError(
      'revoked',
      'QuickBooks refused the authorisation: connect the company again.',
      400,
      'invalid_grant',
    );
  if (!res.ok || !body.access_token || !body.refresh_token)
    throw new QboError(
      'fault',
      `QuickBooks refused the token request: ${body.error_description ?? body.error ?? res.status}.`,
      res.status,
      body.error ?? null,
    );
  return body as QboTokens;
}

/** OAuth 2.0 authorization code with PKCE (S256) against Intuit's endpoints. */
export const qboOAuth = {
  authorizeUrl(config: QuickbooksOnlineConfig, state: string, codeChallenge: string): string {
    const url = new URL(config.authUrl);
    url.searchParams.set('client_id', config.clientId);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'com.intuit.quickbooks.accounting');
    url.searchParams.set('redirect_uri', config.redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  },
  exchangeCode: (config: QuickbooksOnlineConfig, code: string, verifier: string) =>
    tokenCall(config, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: config.redirectUri,
      code_verifier: verifier,
    }),
  refresh: (config: QuickbooksOnlineConfig, refreshToken: string) =>
    tokenCall(config, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  /** Revokes the grant at Intuit (the refresh token revokes both). */
  async revoke(config: QuickbooksOnlineConfig, token: string): Promise<void> {
    const res = await fetch(config.revokeUrl, {
      method: 'POST',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      headers: {
        authorization: basic(config),
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token }),
    }).catch(() => {
      throw new QboError('network', 'QuickBooks could not be reached to revoke the connection.');
    });
    // 400 invalid_token: already revoked at Intuit, which is what we want.
    if (!res.ok && res.status !== 400)
      throw new QboError('fault', `QuickBooks refused to revoke the connection (${res.status}).`, res.status);
  },
};

/** Where the API client gets a usable access token, and a fresh one after a 401. */
export interface TokenSource {
  current(): Promise<string>;
  refreshAfter401(refused: string): Promise<string>;
}

interface FaultBody {
  Fault?: { Error?: { Message?: string; Detail?: string; code?: string }[]; type?: string };
  fault?: { error?: { message?: string; detail?: string; code?: string }[]; type?: string };
}

/** The provider's message of a fault body ("Duplicate Name Exists Error: The name supplied already exists."). */
export function faultMessage(body: unknown, status: number): { message: string; code: string | null } {
  const fault = body as FaultBody;
  const upper = fault.Fault?.Error?.[0];
  const lower = fault.fault?.error?.[0];
  const message = upper
    ? [upper.Message, upper.Detail].filter(Boolean).join(': ')
    : lower
      ? [lower.message, lower.detail].filter(Boolean).join(': ')
      : `QuickBooks answered ${status}.`;
  return { message, code: upper?.code ?? lower?.code ?? null };
}

export interface QboApiOptions {
  /** Tries after a 429 before giving up (each waits Retry-After, else 2^n seconds, at most maxWaitSeconds). */
  maxThrottleRetries?: number;
  maxWaitSeconds?: number;
}

/** Accounting API v3 of one company (realm). */
export function qboApi(
  config: QuickbooksOnlineConfig,
  realmId: string,
  tokens: TokenSource,
  options: QboApiOptions = {},
) {
  const maxRetries = options.maxThrottleRetries ?? 4;
  const maxWait = options.maxWaitSeconds ?? 60;
  const base = `${config.apiBaseUrl}/v3/company/${encodeURIComponent(realmId)}`;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    body?: object,
  ) {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('minorversion', String(config.minorVersion));
    let token = await tokens.current();
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      } catch {
        throw new QboError('network', 'QuickBooks could not be reached. Try again in a moment.');
      }
      if (res.status === 401 && !refreshed) {
        // An access token can be refused before its stated expiry (revoked, clock skew): refresh once.
        refreshed = true;
        token = await tokens.refreshAfter401(token);
        continue;
      }
      if (res.status === 429 && attempt < maxRetries) {
        const header = Number(res.headers.get('retry-after'));
        const wait = Math.min(maxWait, Number.isFinite(header) && header >= 0 ? header : 2 ** attempt);
        await res.body?.cancel();
        await sleep(wait * 1000);
        continue;
      }
      const json = (await res.json().catch(() => ({}))) as unknown;
      if (res.ok) return json as T;
      const { message, code } = faultMessage(json, res.status);
      if (res.status === 401) throw new QboError('auth', message, 401, code);
      if (res.status === 429)
        throw new QboError(
          'throttled',
          'QuickBooks is limiting requests; the sync will try again later.',
          429,
          code,
        );
      throw new QboError('fault', message, res.status, code);
    }
  }

  return {
    /** Every object of an entity (paged by STARTPOSITION/MAXRESULTS, 1000 a page, QuickBooks' largest). */
    async queryAll<T>(entity: string, where = ''): Promise<T[]> {
      const all: T[] = [];
      const pageSize = 1000;
      for (let start = 1; ; start += pageSize) {
        const query = `select * from ${entity}${where ? ` where ${where}` : ''} startposition ${start} maxresults ${pageSize}`;
        const page = await call<{ QueryResponse?: Record<string, unknown> }>('GET', '/query', { query });
        const rows = (page.QueryResponse?.[entity] as T[] | undefined) ?? [];
        all.push(...rows);
        if (rows.length < pageSize) return all;
      }
    },
    /** Objects of these entities changed since an instant (at most 30 days back; deleted ones have status Deleted). */
    async changedSince(
      entities: string[],
      since: Date,
    ): Promise<{ byEntity: Map<string, unknown[]>; time: string | null }> {
      const res = await call<{
        CDCResponse?: { QueryResponse?: Record<string, unknown>[] }[];
        time?: string;
      }>('GET', '/cdc', { entities: entities.join(','), changedSince: since.toISOString() });
      const byEntity = new Map<string, unknown[]>();
      for (const response of res.CDCResponse ?? [])
        for (const part of response.QueryResponse ?? [])
          for (const entity of entities) {
            const rows = part[entity];
            if (Array.isArray(rows)) byEntity.set(entity, [...(byEntity.get(entity) ?? []), ...rows]);
          }
      return { byEntity, time: res.time ?? null };
    },
    /** Creates an object; `requestId` makes QuickBooks answer a repeat with the first result, not a second object. */
    async create<T>(entity: 'Bill' | 'BillPayment', body: object, requestId: string): Promise<T> {
      const res = await call<Record<string, unknown>>(
        'POST',
        `/${entity.toLowerCase()}`,
        { requestid: requestId },
        body,
      );
      return res[entity] as T;
    },
    async companyName(): Promise<string | null> {
      const res = await call<{ CompanyInfo?: { CompanyName?: string } }>(
        'GET',
        `/companyinfo/${encodeURIComponent(realmId)}`,
        {},
      );
      return res.CompanyInfo?.CompanyName ?? null;
    },
  };
}

export type QboApi = ReturnType<typeof qboApi>;
