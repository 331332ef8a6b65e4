/**
 * A local stand-in of Plaid's API for the tests and the browser tests (decision 036): the endpoints the
 * production client calls, with Plaid's shapes, error bodies (ITEM_LOGIN_REQUIRED, RATE_LIMIT_EXCEEDED,
 * INVALID_LINK_TOKEN...), transactions/sync cursor paging, a hosted link consent page, and webhooks
 * signed as Plaid signs them (ES256 JWT in Plaid-Verification, the body's SHA-256 in the claims).
 * Plain erasable TypeScript, so the e2e server (Node 24) imports it as it is.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { minimalPdf } from '../../test/minimal-pdf.ts';

export interface StandInAccount {
  account_id: string;
  name: string;
  official_name: string | null;
  mask: string;
  type: string;
  subtype: string;
  current: number;
  available: number;
}

export interface StandInTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  name: string;
  merchant_name?: string | null;
  check_number?: string | null;
  pending: boolean;
  pending_transaction_id?: string | null;
}

interface Change {
  kind: 'added' | 'modified' | 'removed';
  transaction: StandInTransaction;
}

interface Item {
  itemId: string;
  accessToken: string;
  institutionName: string;
  accounts: StandInAccount[];
  log: Change[];
  statements: {
    account_id: string;
    statement_id: string;
    month: number;
    year: number;
    date_posted: string;
  }[];
  loginRequired: boolean;
  removed: boolean;
  webhook: string | null;
}

interface LinkSession {
  linkToken: string;
  completionRedirectUri: string | null;
  webhook: string | null;
  /** Update mode: the item being repaired. */
  itemId: string | null;
  publicToken: string | null;
  finishedAt: string | null;
}

/** What the next linked item holds (tests set it before the consent step). */
export interface ItemTemplate {
  institutionName?: string;
  accounts?: StandInAccount[];
  transactions?: StandInTransaction[];
  statements?: { account_id: string; month: number; year: number }[];
}

export const STAND_IN_CLIENT_ID = 'stand-in-client-id';
export const STAND_IN_SECRET = 'stand-in-secret-0000000000';

/** Harper's operating account (mask 4821) as the tests' banks hold it: a checking account with these balances. */
export const operatingAccount = (
  accountId: string,
  current: number,
  available = current,
): StandInAccount => ({
  account_id: accountId,
  name: 'Operating',
  official_name: null,
  mask: '4821',
  type: 'depository',
  subtype: 'checking',
  current,
  available,
});

const defaultAccounts = (): StandInAccount[] => [
  {
    account_id: `acc-${randomUUID()}`,
    name: 'Plaid Checking',
    official_name: 'Plaid Gold Standard 0% Interest Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    current: 110,
    available: 100,
  },
  {
    account_id: `acc-${randomUUID()}`,
    name: 'Plaid Saving',
    official_name: 'Plaid Silver Standard 0.1% Interest Saving',
    mask: '1111',
    type: 'depository',
    subtype: 'savings',
    current: 210,
    available: 200,
  },
];

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPlaidStandIn(options: { port?: number; host?: string } = {}) {
  const items = new Map<string, Item>();
  const byToken = new Map<string, Item>();
  const sessions = new Map<string, LinkSession>();
  const publicTokens = new Map<string, ItemTemplate & { itemId?: string }>();
  let nextTemplate: ItemTemplate = {};
  let rateLimitedCalls = 0;
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `kid-${randomUUID()}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const calls: string[] = [];
  let base = '';

  const plaidError = (status: number, type: string, code: string, message: string) => ({
    status,
    body: {
      error_type: type,
      error_code: code,
      error_message: message,
      display_message: null,
      request_id: randomUUID(),
      causes: [],
      documentation_url: 'https://plaid.com/docs/errors/',
      suggested_action: null,
    },
  });

  function itemOf(body: Record<string, unknown>) {
    const item = byToken.get(String(body.access_token ?? ''));
    if (!item || item.removed)
      return {
        error: plaidError(
          400,
          'INVALID_INPUT',
          'INVALID_ACCESS_TOKEN',
          'provided access token is in an invalid format or has been removed',
        ),
      };
    if (item.loginRequired)
      return {
        error: plaidError(
          400,
          'ITEM_ERROR',
          'ITEM_LOGIN_REQUIRED',
          "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
        ),
      };
    return { item };
  }

  function newItem(template: ItemTemplate): Item {
    const itemId = `item-${randomUUID()}`;
    const accounts = template.accounts ?? defaultAccounts();
    const item: Item = {
      itemId,
      accessToken: `access-sandbox-${randomUUID()}`,
      institutionName: template.institutionName ?? 'First Platypus Bank',
      accounts,
      log: (template.transactions ?? []).map((transaction) => ({ kind: 'added', transaction })),
      statements: (template.statements ?? []).map((s) => ({
        ...s,
        statement_id: `stmt-${randomUUID()}`,
        date_posted: `${s.year}-${String(s.month).padStart(2, '0')}-28`,
      })),
      loginRequired: false,
      removed: false,
      webhook: null,
    };
    items.set(itemId, item);
    byToken.set(item.accessToken, item);
    return item;
  }

  function finishSession(session: LinkSession) {
    const publicToken = `public-sandbox-${randomUUID()}`;
    publicTokens.set(publicToken, session.itemId ? { itemId: session.itemId } : nextTemplate);
    nextTemplate = {};
    session.publicToken = publicToken;
    session.finishedAt = new Date().toISOString();
    if (session.itemId) {
      const item = items.get(session.itemId);
      if (item) item.loginRequired = false;
    }
    return publicToken;
  }

  async function handle(
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> {
    if (body.client_id !== STAND_IN_CLIENT_ID || body.secret !== STAND_IN_SECRET)
      return plaidError(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
    if (rateLimitedCalls > 0) {
      rateLimitedCalls -= 1;
      return plaidError(
        429,
        'RATE_LIMIT_EXCEEDED',
        'TRANSACTIONS_SYNC_LIMIT',
        'rate limit exceeded for attempts to access this item',
      );
    }
    switch (path) {
      case '/link/token/create': {
        const linkToken = `link-sandbox-${randomUUID()}`;
        let itemId: string | null = null;
        if (body.access_token) {
          const found = byToken.get(String(body.access_token));
          if (!found) return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'invalid access token');
          itemId = found.itemId;
        }
        const hosted = (body.hosted_link ?? {}) as { completion_redirect_uri?: string };
        sessions.set(linkToken, {
          linkToken,
          completionRedirectUri: hosted.completion_redirect_uri ?? null,
          webhook: typeof body.webhook === 'string' ? body.webhook : null,
          itemId,
          publicToken: null,
          finishedAt: null,
        });
        return {
          status: 200,
          body: {
            link_token: linkToken,
            expiration: new Date(Date.now() + 4 * 3600_000).toISOString(),
            hosted_link_url: `${base}/hosted-link/${linkToken}`,
            request_id: randomUUID(),
          },
        };
      }
      case '/link/token/get': {
        const session = sessions.get(String(body.link_token ?? ''));
        if (!session)
          return plaidError(
            400,
            'INVALID_INPUT',
            'INVALID_LINK_TOKEN',
            'provided link token is in an invalid format',
          );
        return {
          status: 200,
          body: {
            link_token: session.linkToken,
            link_sessions: session.finishedAt
              ? [
                  {
                    link_session_id: `ls-${session.linkToken}`,
                    finished_at: session.finishedAt,
                    results: {
                      item_add_results: session.publicToken
                        ? [
                            {
                              public_token: session.publicToken,
                              institution: { name: 'First Platypus Bank' },
                            },
                          ]
                        : [],
                    },
                  },
                ]
              : [],
            request_id: randomUUID(),
          },
        };
      }
      case '/item/public_token/exchange': {
        const template = publicTokens.get(String(body.public_token ?? ''));
        if (!template)
          return plaidError(
            400,
            'INVALID_INPUT',
            'INVALID_PUBLIC_TOKEN',
            'provided public token is expired or invalid',
          );
        publicTokens.delete(String(body.public_token));
        const item = template.itemId ? (items.get(template.itemId) as Item) : newItem(template);
        const session = [...sessions.values()].find((s) => s.publicToken === body.public_token);
        if (session?.webhook) item.webhook = session.webhook;
        return {
          status: 200,
          body: { access_token: item.accessToken, item_id: item.itemId, request_id: randomUUID() },
        };
      }
      case '/accounts/balance/get':
      case '/accounts/get': {
        const { item, error } = itemOf(body);
        if (error) return error;
        return {
          status: 200,
          body: {
            accounts: item.accounts.map((a) => ({
              account_id: a.account_id,
              name: a.name,
              official_name: a.official_name,
              mask: a.mask,
              type: a.type,
              subtype: a.subtype,
              balances: {
                current: a.current,
                available: a.available,
                iso_currency_code: 'USD',
                limit: null,
                unofficial_currency_code: null,
              },
            })),
            item: { item_id: item.itemId, institution_id: 'ins_109508', webhook: item.webhook, error: null },
            request_id: randomUUID(),
          },
        };
      }
      case '/transactions/sync': {
        const { item, error } = itemOf(body);
        if (error) return error;
        const from = body.cursor ? Number(Buffer.from(String(body.cursor), 'base64url').toString()) : 0;
        if (!Number.isInteger(from) || from < 0 || from > item.log.length)
          return plaidError(400, 'INVALID_INPUT', 'INVALID_FIELD', 'cursor is invalid');
        const count = Math.min(Math.max(Number(body.count ?? 100), 1), 500);
        const page = item.log.slice(from, from + count);
        const to = from + page.length;
        return {
          status: 200,
          body: {
            added: page.filter((c) => c.kind === 'added').map((c) => c.transaction),
            modified: page.filter((c) => c.kind === 'modified').map((c) => c.transaction),
            removed: page
              .filter((c) => c.kind === 'removed')
              .map((c) => ({
                transaction_id: c.transaction.transaction_id,
                account_id: c.transaction.account_id,
              })),
            next_cursor: Buffer.from(String(to)).toString('base64url'),
            has_more: to < item.log.length,
            transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
            accounts: [],
            request_id: randomUUID(),
          },
        };
      }
      case '/statements/list': {
        const { item, error } = itemOf(body);
        if (error) return error;
        return {
          status: 200,
          body: {
            item_id: item.itemId,
            institution_id: 'ins_109508',
            institution_name: item.institutionName,
            accounts: item.accounts.map((a) => ({
              account_id: a.account_id,
              account_mask: a.mask,
              account_name: a.name,
              account_official_name: a.official_name,
              account_subtype: a.subtype,
              account_type: a.type,
              statements: item.statements
                .filter((s) => s.account_id === a.account_id)
                .map(({ statement_id, month, year, date_posted }) => ({
                  statement_id,
                  month,
                  year,
                  date_posted,
                })),
            })),
            request_id: randomUUID(),
          },
        };
      }
      case '/item/remove': {
        const { item, error } = itemOf(body);
        if (error && !byToken.get(String(body.access_token ?? ''))) return error;
        (item ?? (byToken.get(String(body.access_token)) as Item)).removed = true;
        return { status: 200, body: { request_id: randomUUID() } };
      }
      case '/webhook_verification_key/get': {
        if (body.key_id !== kid)
          return plaidError(
            400,
            'INVALID_INPUT',
            'INVALID_WEBHOOK_VERIFICATION_KEY_ID',
            'invalid key_id provided',
          );
        return {
          status: 200,
          body: { key: { ...jwk, created_at: 1560466150, expired_at: null }, request_id: randomUUID() },
        };
      }
      default:
        return plaidError(404, 'INVALID_REQUEST', 'NOT_FOUND', 'not found');
    }
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = await readBody(req);
      calls.push(url.pathname);
      const hosted = /^\/hosted-link\/([^/]+)(\/consent)?$/.exec(url.pathname);
      if (hosted) {
        const session = sessions.get(decodeURIComponent(hosted[1] ?? ''));
        if (!session) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('This link has expired.');
          return;
        }
        if (req.method === 'POST' && hosted[2]) {
          finishSession(session);
          const back = session.completionRedirectUri;
          if (back) res.writeHead(303, { location: back }).end();
          else
            res
              .writeHead(200, { 'content-type': 'text/html' })
              .end('<p>Connected. You can close this window.</p>');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Connect your bank</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Connect your bank</h1>
<p>Plaid stand-in: in production this page is Plaid's hosted Link.</p>
<p>Share your accounts at <strong>${escapeHtml(nextTemplate.institutionName ?? 'First Platypus Bank')}</strong>?</p>
<form method="post" action="/hosted-link/${encodeURIComponent(session.linkToken)}/consent">
<button type="submit">Allow and continue</button></form></body></html>`);
        return;
      }
      if (req.method === 'POST' && url.pathname.startsWith('/__control/')) {
        const body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
        const answer = await control(url.pathname.slice('/__control/'.length), body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? {}));
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      if (url.pathname === '/statements/download') {
        const body = JSON.parse(raw.toString('utf8') || '{}');
        const { item, error } = itemOf(body);
        if (error) {
          res.writeHead(error.status, { 'content-type': 'application/json' }).end(JSON.stringify(error.body));
          return;
        }
        const statement = item.statements.find((s) => s.statement_id === body.statement_id);
        if (!statement) {
          const e = plaidError(400, 'INVALID_INPUT', 'INVALID_FIELD', 'statement_id is invalid');
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(e.body));
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/pdf' })
          .end(minimalPdf([`${item.institutionName} statement`, `${statement.year}-${statement.month}`]));
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8') || '{}');
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(
              plaidError(400, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON').body,
            ),
          );
        return;
      }
      const answer = await handle(url.pathname, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error_message: String(error) }));
    });
  });

  await new Promise<void>((done) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A webhook as Plaid signs it: the JSON body and its Plaid-Verification JWT (ES256, body SHA-256). */
  async function signedWebhook(itemId: string, payload: Record<string, unknown>) {
    const body = JSON.stringify({ item_id: itemId, environment: 'sandbox', ...payload });
    const jwt = await new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuedAt()
      .sign(privateKey);
    return { body, headers: { 'content-type': 'application/json', 'plaid-verification': jwt } };
  }

  /** Sends a signed webhook to the item's URL as Plaid does. */
  async function sendWebhook(itemId: string, payload: Record<string, unknown>) {
    const item = items.get(itemId);
    if (!item?.webhook) throw new Error('this item has no webhook URL');
    const { body, headers } = await signedWebhook(itemId, payload);
    const response = await fetch(item.webhook, { method: 'POST', headers, body });
    return { status: response.status, body: await response.text() };
  }

  const itemFor = (itemId?: string) => {
    const item = itemId ? items.get(itemId) : [...items.values()].at(-1);
    if (!item) throw new Error('no such item');
    return item;
  };

  const standIn = {
    url: base,
    calls,
    /** What the next linked item will hold. */
    nextItem(template: ItemTemplate) {
      nextTemplate = template;
    },
    /** Completes a hosted link session as a person consenting would (the page's button). */
    consent(linkToken: string) {
      const session = sessions.get(linkToken);
      if (!session) throw new Error('no such link session');
      return finishSession(session);
    },
    item: (itemId?: string) => itemFor(itemId),
    addTransactions(transactions: StandInTransaction[], itemId?: string) {
      const item = itemFor(itemId);
      for (const transaction of transactions) item.log.push({ kind: 'added', transaction });
    },
    modifyTransaction(transaction: StandInTransaction, itemId?: string) {
      itemFor(itemId).log.push({ kind: 'modified', transaction });
    },
    removeTransaction(transactionId: string, itemId?: string) {
      const item = itemFor(itemId);
      const known = item.log.find((c) => c.transaction.transaction_id === transactionId);
      if (!known) throw new Error('no such transaction');
      item.log.push({ kind: 'removed', transaction: known.transaction });
    },
    /** A new monthly statement of the account, listed from now on. */
    addStatement(accountId: string, month: number, year: number, itemId?: string) {
      itemFor(itemId).statements.push({
        account_id: accountId,
        month,
        year,
        statement_id: `stmt-${randomUUID()}`,
        date_posted: `${year}-${String(month).padStart(2, '0')}-28`,
      });
    },
    setBalance(accountId: string, current: number, available: number, itemId?: string) {
      const account = itemFor(itemId).accounts.find((a) => a.account_id === accountId);
      if (!account) throw new Error('no such account');
      account.current = current;
      account.available = available;
    },
    setLoginRequired(required: boolean, itemId?: string) {
      itemFor(itemId).loginRequired = required;
    },
    rateLimitNext(calls: number) {
      rateLimitedCalls = calls;
    },
    signedWebhook,
    sendWebhook,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };

  /** The same controls over HTTP, for the e2e server's specs (POST /__control/<name>). */
  async function control(name: string, body: Record<string, unknown>) {
    switch (name) {
      case 'next-item':
        standIn.nextItem(body as ItemTemplate);
        return {};
      case 'add-transactions':
        standIn.addTransactions(
          body.transactions as StandInTransaction[],
          body.item_id as string | undefined,
        );
        return {};
      case 'set-balance':
        standIn.setBalance(
          String(body.account_id),
          Number(body.current),
          Number(body.available),
          body.item_id as string | undefined,
        );
        return {};
      case 'login-required':
        standIn.setLoginRequired(body.required !== false, body.item_id as string | undefined);
        return {};
      case 'consent':
        return { public_token: standIn.consent(String(body.link_token)) };
      case 'webhook':
        return standIn.sendWebhook(String(body.item_id), body.payload as Record<string, unknown>);
      case 'items':
        return { items: [...items.values()].map((i) => ({ item_id: i.itemId, accounts: i.accounts })) };
      default:
        return { error: 'unknown control' };
    }
  }

  return standIn;
}

export type PlaidStandIn = Awaited<ReturnType<typeof startPlaidStandIn>>;
