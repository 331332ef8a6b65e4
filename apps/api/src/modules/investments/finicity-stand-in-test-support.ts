/**
 * A local stand-in of Finicity's API for the tests and the browser tests (decision 036): partner
 * authentication (tokens it can expire), customer create (testing and active paths), the Connect page
 * that adds a customer's accounts, and accounts with positions; errors as `{code, message}`.
 * Plain erasable TypeScript, so the e2e server (Node 24) imports it as it is.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FinicityAccount } from './finicity-client.ts';

export const FINICITY_STAND_IN = {
  partnerId: 'stand-in-partner',
  partnerSecret: 'stand-in-partner-secret',
  appKey: 'stand-in-app-key',
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((done) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => done(data));
  });

export const defaultInvestmentAccounts = (): FinicityAccount[] => [
  {
    id: `${Math.floor(Math.random() * 1e10)}`,
    accountNumberDisplay: '8002',
    name: 'Brokerage',
    type: 'investment',
    balance: 152_340.55,
    balanceDate: Math.floor(Date.parse('2026-11-27T00:00:00Z') / 1000),
    institutionName: 'FinBank Securities',
    position: [
      {
        id: 1,
        symbol: 'VTI',
        description: 'Vanguard Total Stock Market ETF',
        units: 400,
        marketValue: 112_340.55,
        securityType: 'ETF',
      },
      {
        id: 2,
        symbol: 'BND',
        description: 'Vanguard Total Bond Market ETF',
        units: 550,
        marketValue: 40_000,
        securityType: 'ETF',
      },
    ],
  },
  {
    id: `${Math.floor(Math.random() * 1e10)}`,
    accountNumberDisplay: '8003',
    name: 'Roth IRA',
    type: 'roth',
    balance: 48_000,
    balanceDate: Math.floor(Date.parse('2026-11-27T00:00:00Z') / 1000),
    institutionName: 'FinBank Securities',
    position: [
      {
        id: 3,
        symbol: 'VXUS',
        description: 'Vanguard Total International Stock ETF',
        units: 700,
        marketValue: 48_000,
        securityType: 'ETF',
      },
    ],
  },
];

export async function startFinicityStandIn(options: { port?: number } = {}) {
  const tokens = new Set<string>();
  const customers = new Map<string, { username: string; accounts: FinicityAccount[]; connected: boolean }>();
  const connects = new Map<string, { customerId: string; redirectUri: string }>();
  let base = '';
  const calls: string[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = await readBody(req);
      calls.push(`${req.method} ${url.pathname}`);
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const connect = /^\/connect\/([^/]+)(\/allow)?$/.exec(url.pathname);
      if (connect) {
        const session = connects.get(connect[1] ?? '');
        if (!session) return void res.writeHead(404).end('This link has expired.');
        if (req.method === 'POST') {
          const customer = customers.get(session.customerId);
          if (customer) customer.connected = true;
          return void res.writeHead(303, { location: session.redirectUri }).end();
        }
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Connect investment accounts</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto"><h1>Connect investment accounts</h1>
<p>Finicity stand-in: in production this page is Finicity Connect.</p>
<form method="post" action="/connect/${connect[1]}/allow"><button type="submit">Share my investment accounts</button></form></body></html>`);
      }
      if (req.headers['finicity-app-key'] !== FINICITY_STAND_IN.appKey)
        return send(401, { code: 10022, message: 'Invalid App Key' });
      if (url.pathname === '/aggregation/v2/partners/authentication' && req.method === 'POST') {
        const body = JSON.parse(raw || '{}');
        if (
          body.partnerId !== FINICITY_STAND_IN.partnerId ||
          body.partnerSecret !== FINICITY_STAND_IN.partnerSecret
        )
          return send(401, { code: 23001, message: 'Invalid credentials' });
        const token = randomUUID();
        tokens.add(token);
        return send(200, { token });
      }
      if (!tokens.has(String(req.headers['finicity-app-token'] ?? '')))
        return send(401, { code: 10023, message: 'Token is invalid or has expired' });
      if (/^\/aggregation\/v2\/customers\/(active|testing)$/.test(url.pathname) && req.method === 'POST') {
        const body = JSON.parse(raw || '{}');
        if ([...customers.values()].some((c) => c.username === body.username))
          return send(409, { code: 11000, message: 'A username already exists' });
        const id = String(1_000_000_000 + customers.size + 1);
        customers.set(id, {
          username: body.username,
          accounts: defaultInvestmentAccounts(),
          connected: false,
        });
        return send(201, { id, username: body.username, createdDate: String(Math.floor(Date.now() / 1000)) });
      }
      if (url.pathname === '/connect/v2/generate' && req.method === 'POST') {
        const body = JSON.parse(raw || '{}');
        if (!customers.has(String(body.customerId)))
          return send(404, { code: 14001, message: 'Customer not found' });
        const key = randomUUID();
        connects.set(key, {
          customerId: String(body.customerId),
          redirectUri: String(body.redirectUri ?? ''),
        });
        return send(200, { link: `${base}/connect/${key}` });
      }
      const accounts = /^\/aggregation\/v1\/customers\/([^/]+)\/accounts$/.exec(url.pathname);
      if (accounts && req.method === 'GET') {
        const customer = customers.get(decodeURIComponent(accounts[1] ?? ''));
        if (!customer) return send(404, { code: 14001, message: 'Customer not found' });
        return send(200, { accounts: customer.connected ? customer.accounts : [] });
      }
      return send(404, { code: 404, message: 'Not found' });
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    calls,
    /** Every token stops working (as after two hours). */
    expireTokens: () => tokens.clear(),
    /** Connects a customer's accounts as a person on the Connect page would. */
    connect(customerId: string) {
      const customer = customers.get(customerId);
      if (!customer) throw new Error('no such customer');
      customer.connected = true;
    },
    setAccounts(customerId: string, accounts: FinicityAccount[]) {
      const customer = customers.get(customerId);
      if (!customer) throw new Error('no such customer');
      customer.accounts = accounts;
    },
    customerIds: () => [...customers.keys()],
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

export type FinicityStandIn = Awaited<ReturnType<typeof startFinicityStandIn>>;
