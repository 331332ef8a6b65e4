import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Intuit's QuickBooks Online, speaking the real endpoints' shapes (decision 035):
 * OAuth 2.0 (a consent page at /connect/oauth2, the token endpoint with authorization_code + PKCE and
 * refresh_token with rotation, revoke), and the Accounting API v3 of each company (query with
 * STARTPOSITION/MAXRESULTS, cdc, create with `requestid` de-duplication, companyinfo), with 401 on an
 * expired access token, 429 with Retry-After and `Fault` bodies. Started on a free port by the tests and
 * by the e2e server; nothing of it runs in production.
 */

type QboObject = Record<string, unknown> & { Id: string; MetaData: { LastUpdatedTime: string } };

export interface StandInCompany {
  realmId: string;
  name: string;
  Vendor: QboObject[];
  Account: QboObject[];
  Class: QboObject[];
  Term: QboObject[];
  Customer: QboObject[];
  Bill: QboObject[];
  BillPayment: QboObject[];
}

export const STAND_IN_CLIENT_ID = 'stand-in-client-id';
export const STAND_IN_CLIENT_SECRET = 'stand-in-client-secret';
export const STAND_IN_VERIFIER_TOKEN = 'stand-in-webhook-verifier-token';

export interface QboStandIn {
  url: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  company: StandInCompany;
  /** Counts of calls by `METHOD path` (no query), e.g. `POST /v3/company/x/bill`. */
  calls: Map<string, number>;
  /** Makes every access token issued so far answer 401 (as after its hour). */
  expireAccessTokens(): void;
  /** The user disconnected the app at Intuit: every token is refused, refresh gives invalid_grant. */
  revokeGrant(): void;
  /** The next `n` API calls answer 429 with Retry-After. */
  throttleNext(n: number, retryAfterSeconds?: number): void;
  /** Every query and cdc call answers this validation fault until cleared (null). */
  failQueries(message: string | null): void;
  /** Adds or changes an object (its LastUpdatedTime becomes now), as a user would in QuickBooks. */
  upsert(
    entity: 'Vendor' | 'Account' | 'Class' | 'Term' | 'Customer',
    fields: Record<string, unknown>,
  ): QboObject;
  /** The body signed as Intuit signs a webhook (intuit-signature: base64 HMAC-SHA256 with the verifier token). */
  sign(body: string): string;
  refreshTokensIssued: number;
  close(): Promise<void>;
}

const nowIso = () => new Date().toISOString();

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const fault = (message: string, detail: string, code: string, type = 'ValidationFault') => ({
  Fault: { Error: [{ Message: message, Detail: detail, code }], type },
  time: nowIso(),
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A company with a few of each object, as a new sandbox company has. */
export function sampleCompany(realmId = '9130355377388383'): StandInCompany {
  const stamp = { MetaData: { LastUpdatedTime: nowIso() } };
  return {
    realmId,
    name: 'Harper Household LLC (QuickBooks)',
    Vendor: [
      {
        Id: '56',
        DisplayName: 'Bob’s Burger Joint',
        Active: true,
        PrimaryEmailAddr: { Address: 'bob@burgers.test' },
        ...stamp,
      },
      {
        Id: '30',
        DisplayName: 'Pacific Power & Light',
        Active: true,
        ...stamp,
      },
    ],
    Account: [
      { Id: '7', Name: 'Electricity', AccountType: 'Expense', Active: true, CurrentBalance: 0, ...stamp },
      { Id: '8', Name: 'Repairs', AccountType: 'Expense', Active: true, CurrentBalance: 0, ...stamp },
      {
        Id: '35',
        Name: 'Operating Checking',
        AccountType: 'Bank',
        Active: true,
        CurrentBalance: 12345.67,
        ...stamp,
      },
      {
        Id: '33',
        Name: 'Accounts Payable (A/P)',
        AccountType: 'Accounts Payable',
        Active: true,
        CurrentBalance: 0,
        ...stamp,
      },
    ],
    Class: [{ Id: '5000000000000012345', Name: 'Residence', Active: true, ...stamp }],
    Term: [{ Id: '3', Name: 'Net 30', DueDays: 30, Active: true, ...stamp }],
    Customer: [{ Id: '1', DisplayName: 'Harper Tenant', Active: true, ...stamp }],
    Bill: [],
    BillPayment: [],
  };
}

/** Starts the stand-in on 127.0.0.1 (a free port unless one is given). */
export async function startQboStandIn(
  company: StandInCompany = sampleCompany(),
  port = 0,
): Promise<QboStandIn> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const requestIds = new Map<string, unknown>();
  const calls = new Map<string, number>();
  let throttle = { left: 0, retryAfter: 1 };
  let queryFault: string | null = null;
  let nextId = 1000;
  const state = { refreshTokensIssued: 0 };

  const issue = () => {
    const access = `at-${randomBytes(16).toString('hex')}`;
    const refresh = `rt-${randomBytes(16).toString('hex')}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    state.refreshTokensIssued += 1;
    return {
      token_type: 'bearer',
      access_token: access,
      refresh_token: refresh,
      expires_in: 3600,
      x_refresh_token_expires_in: 8726400,
    };
  };

  const basicOk = (req: IncomingMessage) =>
    req.headers.authorization ===
    `Basic ${Buffer.from(`${STAND_IN_CLIENT_ID}:${STAND_IN_CLIENT_SECRET}`).toString('base64')}`;

  function consentPage(url: URL, res: ServerResponse) {
    const params = url.searchParams;
    if (params.get('client_id') !== STAND_IN_CLIENT_ID || params.get('response_type') !== 'code')
      return send(res, 400, { error: 'invalid_request' });
    const hidden = ['redirect_uri', 'state', 'code_challenge']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Intuit – Connect</title></head><body>
<h1>Connect to ${escapeHtml(company.name)}</h1>
<p>The bill-pay platform wants to read and write your accounting data.</p>
<form method="post" action="/connect/oauth2/consent">${hidden}<button type="submit">Connect</button></form>
</body></html>`);
  }

  async function consent(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const code = `code-${randomBytes(12).toString('hex')}`;
    const redirectUri = form.get('redirect_uri') ?? '';
    codes.set(code, { challenge: form.get('code_challenge') ?? '', redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', form.get('state') ?? '');
    target.searchParams.set('realmId', company.realmId);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (!basicOk(req)) return send(res, 401, { error: 'invalid_client' });
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') === 'authorization_code') {
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.challenge !== challenge)
        return send(res, 400, { error: 'invalid_grant' });
      return send(res, 200, issue());
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.has(refresh)) return send(res, 400, { error: 'invalid_grant' });
      refreshTokens.delete(refresh); // rotated: the old refresh token is spent
      return send(res, 200, issue());
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  }

  async function revoke(req: IncomingMessage, res: ServerResponse) {
    if (!basicOk(req)) return send(res, 401, { error: 'invalid_client' });
    const { token: revoked } = JSON.parse((await readBody(req)) || '{}') as { token?: string };
    if (!revoked || (!refreshTokens.has(revoked) && !accessTokens.has(revoked)))
      return send(res, 400, { error: 'invalid_token' });
    accessTokens.clear();
    refreshTokens.clear();
    return send(res, 200, {});
  }

  function query(url: URL, res: ServerResponse) {
    const q = url.searchParams.get('query') ?? '';
    const m = /^select \* from (\w+)(?: where (.+?))?(?: startposition (\d+))?(?: maxresults (\d+))?$/i.exec(
      q.trim(),
    );
    const entity = m?.[1] as keyof StandInCompany | undefined;
    if (!m || !entity || !Array.isArray(company[entity]))
      return send(res, 400, fault('Error parsing query', `QueryParserError: ${q}`, '4000'));
    // Only the `Id = '…'` condition the client sends is understood; others answer as QuickBooks would.
    const where = m[2] ? /^Id = '([^']*)'$/.exec(m[2]) : null;
    if (m[2] && !where) return send(res, 400, fault('Error parsing query', `QueryParserError: ${q}`, '4000'));
    const rows = (company[entity] as QboObject[]).filter((r) => !where || r.Id === where[1]);
    const start = Number(m[3] ?? 1);
    const max = Number(m[4] ?? 100);
    const page = rows.slice(start - 1, start - 1 + max);
    return send(res, 200, {
      QueryResponse: { [entity]: page, startPosition: start, maxResults: page.length },
      time: nowIso(),
    });
  }

  function cdc(url: URL, res: ServerResponse) {
    const entities = (url.searchParams.get('entities') ?? '').split(',').filter(Boolean);
    const since = new Date(url.searchParams.get('changedSince') ?? '');
    if (Number.isNaN(since.getTime()) || entities.length === 0)
      return send(res, 400, fault('Invalid query', 'changedSince and entities are required', '4001'));
    const parts = entities.map((entity) => {
      const rows = (company[entity as keyof StandInCompany] as QboObject[] | undefined) ?? [];
      const changed = rows.filter((r) => new Date(r.MetaData.LastUpdatedTime) > since);
      return { [entity]: changed, startPosition: 1, maxResults: changed.length };
    });
    return send(res, 200, { CDCResponse: [{ QueryResponse: parts }], time: nowIso() });
  }

  async function create(entity: 'Bill' | 'BillPayment', url: URL, req: IncomingMessage, res: ServerResponse) {
    const requestId = url.searchParams.get('requestid');
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    if (requestId && requestIds.has(requestId)) return send(res, 200, requestIds.get(requestId));
    const vendorRef = (body.VendorRef as { value?: string } | undefined)?.value;
    if (!company.Vendor.some((v) => v.Id === vendorRef))
      return send(
        res,
        400,
        fault('Invalid Reference Id', `Invalid Reference Id : Vendor assigned is not valid`, '2500'),
      );
    const created: QboObject = {
      ...body,
      Id: String(nextId++),
      SyncToken: '0',
      MetaData: { LastUpdatedTime: nowIso() },
    };
    company[entity].push(created);
    const answer = { [entity]: created, time: nowIso() };
    if (requestId) requestIds.set(requestId, answer);
    return send(res, 200, answer);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const m = /^\/v3\/company\/([^/]+)\/(\w+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m || m[1] !== company.realmId) return send(res, 404, fault('Not found', url.pathname, '610'));
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer))
      return send(res, 401, {
        fault: {
          error: [
            {
              message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
              detail: 'Token expired',
              code: '3200',
            },
          ],
          type: 'AUTHENTICATION',
        },
        time: nowIso(),
      });
    if (throttle.left > 0) {
      throttle.left -= 1;
      return send(
        res,
        429,
        fault('ThrottleExceeded', 'The request limit was reached.', '003001', 'SERVICE'),
        {
          'retry-after': String(throttle.retryAfter),
        },
      );
    }
    const [, , resource] = m;
    if (req.method === 'GET' && (resource === 'query' || resource === 'cdc') && queryFault)
      return send(res, 400, fault('Request has invalid or unsupported property', queryFault, '2010'));
    if (req.method === 'GET' && resource === 'query') return query(url, res);
    if (req.method === 'GET' && resource === 'cdc') return cdc(url, res);
    if (req.method === 'GET' && resource === 'companyinfo')
      return send(res, 200, { CompanyInfo: { CompanyName: company.name, Id: '1' }, time: nowIso() });
    if (req.method === 'POST' && resource === 'bill') return create('Bill', url, req, res);
    if (req.method === 'POST' && resource === 'billpayment') return create('BillPayment', url, req, res);
    return send(res, 404, fault('Unsupported operation', url.pathname, '500'));
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const key = `${req.method} ${url.pathname}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const route = async () => {
      if (req.method === 'GET' && url.pathname === '/connect/oauth2') return consentPage(url, res);
      if (req.method === 'POST' && url.pathname === '/connect/oauth2/consent') return consent(req, res);
      if (req.method === 'POST' && url.pathname === '/oauth2/v1/tokens/bearer') return token(req, res);
      if (req.method === 'POST' && url.pathname === '/v2/oauth2/tokens/revoke') return revoke(req, res);
      if (url.pathname.startsWith('/v3/company/')) return api(req, res, url);
      // Test control (the browser tests' server): make queries fail with a provider message, or not.
      if (req.method === 'POST' && url.pathname === '/__control') {
        const control = JSON.parse((await readBody(req)) || '{}') as { failQueries?: string | null };
        if (control.failQueries !== undefined) queryFault = control.failQueries;
        return send(res, 200, {
          failQueries: queryFault,
          bills: company.Bill.length,
          billPayments: company.BillPayment.length,
        });
      }
      return send(res, 404, { error: 'not_found' });
    };
    route().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    authUrl: `${url}/connect/oauth2`,
    tokenUrl: `${url}/oauth2/v1/tokens/bearer`,
    revokeUrl: `${url}/v2/oauth2/tokens/revoke`,
    company,
    calls,
    get refreshTokensIssued() {
      return state.refreshTokensIssued;
    },
    expireAccessTokens: () => accessTokens.clear(),
    revokeGrant() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    throttleNext(n, retryAfterSeconds = 1) {
      throttle = { left: n, retryAfter: retryAfterSeconds };
    },
    failQueries(message) {
      queryFault = message;
    },
    upsert(entity, fields) {
      const rows = company[entity];
      const existing = rows.find((r) => r.Id === fields.Id);
      const stamp = { MetaData: { LastUpdatedTime: new Date(Date.now() + 1).toISOString() } };
      if (existing) {
        Object.assign(existing, fields, stamp);
        return existing;
      }
      const created = { Id: String(nextId++), Active: true, ...fields, ...stamp } as QboObject;
      rows.push(created);
      return created;
    },
    sign: (body) => createHmac('sha256', STAND_IN_VERIFIER_TOKEN).update(body).digest('base64'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook notification body as Intuit sends it. */
export function webhookBody(
  realmId: string,
  entities: { name: string; id: string; operation: string }[],
): string {
  return JSON.stringify({
    eventNotifications: [
      {
        realmId,
        dataChangeEvent: { entities: entities.map((e) => ({ ...e, lastUpdated: nowIso() })) },
      },
    ],
  });
}
