// Starts the real server for the browser tests on a new data folder (demo data seeded), in demo mode,
// always on PGlite so the run does not depend on a database server's state.
//
// Delivery is real too (decision 011/012): an SMTP server (smtp-server) and a small HTTP server in the
// shape of Twilio's Messages API run here, the API sends to them through its job runner, and what they
// received is readable at GET http://127.0.0.1:<E2E_PORT + 2>/__received?to=<address or phone>
// (newest last), so a spec can read a sign-in code as a person would from their inbox or phone.
//
// The companion app's web build (apps/mobile/dist-web, `npm run build:mobile`) is served on
// E2E_PORT + 4, with /v1 passed through to the API, as a phone would reach it (decision 033).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { apiStartCommand, COMPILED_SERVER } from '../../apps/api/scripts/start-command.mjs';

const port = Number(process.env.E2E_PORT ?? '8181');
const smtpPort = port + 1;
const smsPort = port + 2;
/** Everything the fake providers received: {channel, to, subject, text, at}. */
const received = [];

/** Quoted-printable soft breaks and escapes undone, so codes and links read plainly. */
const decodeQuotedPrintable = (raw) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const smtp = new SMTPServer({
  secure: false,
  logger: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
      for (const rcpt of session.envelope.rcptTo) {
        received.push({
          channel: 'email',
          to: rcpt.address.toLowerCase(),
          subject,
          text: decodeQuotedPrintable(raw),
          at: new Date().toISOString(),
        });
      }
      callback();
    });
  },
});
await new Promise((done) => smtp.listen(smtpPort, '127.0.0.1', done));

let messageCount = 0;
const sms = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET' && url.pathname === '/__received') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(received.filter((m) => !to || m.to === to)));
      return;
    }
    // Twilio's shape: POST /2010-04-01/Accounts/{sid}/Messages.json, form fields To, From, Body.
    if (req.method === 'POST' && /^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(url.pathname)) {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      received.push({
        channel: 'sms',
        to: form.get('To') ?? '',
        subject: '',
        text: form.get('Body') ?? '',
        at: new Date().toISOString(),
      });
      messageCount += 1;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${String(messageCount).padStart(32, '0')}`, status: 'queued' }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 20404, message: 'Not found' }));
  });
});
await new Promise((done) => sms.listen(smsPort, '127.0.0.1', done));

// The QuickBooks Online stand-in (Intuit's OAuth consent page, token endpoint and Accounting API, in the
// API's test support) on E2E_PORT + 5; POST /__control on it makes its queries fail for a failing-sync test.
const qboPort = port + 5;
const {
  startQboStandIn,
  sampleCompany,
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  STAND_IN_VERIFIER_TOKEN,
} = await import('../../apps/api/src/modules/quickbooks/test-support/qbo-stand-in.ts');
const qbo = await startQboStandIn(sampleCompany(), qboPort);

const dataDir = mkdtempSync(join(tmpdir(), 'bp-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  MAIL_FROM: 'Bill-pay e2e <no-reply@e2e.test>',
  SMS_API_BASE_URL: `http://127.0.0.1:${smsPort}`,
  SMS_ACCOUNT_SID: 'ACe2e00000000000000000000000000000',
  SMS_AUTH_TOKEN: 'e2e-local-token',
  SMS_FROM: '+15550000000',
  OUTBOX_POLL_SECONDS: '0.5',
  // The inbound mail receiver beside the other ports, so parallel runs on other E2E_PORTs do not collide.
  SMTP_INBOUND_PORT: String(port + 3),
  // Every browser test signs in from 127.0.0.1: the per-address flood limit on public routes (decision
  // 016, tested in the API suite) is raised so that many simulated people behind one address fit.
  PUBLIC_RATE_LIMIT_PER_MINUTE: '6000',
  // QuickBooks Online against the stand-in; Intuit sends the browser back to the app's connect page.
  QBO_REDIRECT_URI: `http://127.0.0.1:${port}/integrations/qbonline/connect`,
  QBO_CLIENT_ID: STAND_IN_CLIENT_ID,
  QBO_CLIENT_SECRET: STAND_IN_CLIENT_SECRET,
  QBO_AUTH_URL: qbo.authUrl,
  QBO_TOKEN_URL: qbo.tokenUrl,
  QBO_REVOKE_URL: qbo.revokeUrl,
  QBO_API_BASE_URL: qbo.url,
  QBO_WEBHOOK_VERIFIER_TOKEN: STAND_IN_VERIFIER_TOKEN,
};
// Financial data (issue 19, decision 036): local stand-ins of Plaid, Finicity and Earth Class Mail, the
// production clients pointed at them by base URL; specs drive them through their /__control endpoints.
const {
  startPlaidStandIn,
  STAND_IN_CLIENT_ID: PLAID_STAND_IN_CLIENT_ID,
  STAND_IN_SECRET: PLAID_STAND_IN_SECRET,
} = await import('../../apps/api/src/modules/bank-feeds/plaid-stand-in-test-support.ts');
const { startFinicityStandIn, FINICITY_STAND_IN } = await import(
  '../../apps/api/src/modules/investments/finicity-stand-in-test-support.ts'
);
const { startEcmStandIn } = await import('../../apps/api/src/modules/mail-scan/ecm-stand-in-test-support.ts');
const MAIL_SCAN_WEBHOOK_SECRET = 'e2e-mail-scan-webhook-secret';
const plaidStandIn = await startPlaidStandIn({ port: port + 20 });
const finicityStandIn = await startFinicityStandIn({ port: port + 21 });
const ecmStandIn = await startEcmStandIn({
  port: port + 22,
  webhookUrl: `http://127.0.0.1:${port}/v1/integrations/mail-service/webhook`,
  webhookSecret: MAIL_SCAN_WEBHOOK_SECRET,
});
Object.assign(env, {
  PLAID_CLIENT_ID: PLAID_STAND_IN_CLIENT_ID,
  PLAID_SECRET: PLAID_STAND_IN_SECRET,
  PLAID_BASE_URL: plaidStandIn.url,
  PLAID_WEBHOOK_URL: `http://127.0.0.1:${port}/v1/integrations/aggregator/webhook`,
  FINICITY_PARTNER_ID: FINICITY_STAND_IN.partnerId,
  FINICITY_PARTNER_SECRET: FINICITY_STAND_IN.partnerSecret,
  FINICITY_APP_KEY: FINICITY_STAND_IN.appKey,
  FINICITY_BASE_URL: finicityStandIn.url,
  FINICITY_CUSTOMER_PATH: '/aggregation/v2/customers/testing',
  MAIL_SCAN_BASE_URL: ecmStandIn.url,
  MAIL_SCAN_WEBHOOK_SECRET,
});

// On PGlite by default (a new data folder). With E2E_POSTGRES=1 and DATABASE_URL (CI), on a new database
// of that server instead, dropped when the server stops: the same fresh demo data, but the database work
// runs in PostgreSQL's own processes rather than inside the API's event loop, which the two Playwright
// workers otherwise queue behind (decision 004).
let dropDatabase = async () => {};
if (process.env.E2E_POSTGRES === '1' && process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  // `bp_test_` so that .ci/run's clean-up drops it too if this process is killed.
  const name = `bp_test_e2e_${Date.now()}_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}
// The production build, started with the node flags of apps/api's `start` script (`npm run test:e2e`
// builds it first): the browser tests exercise the compiled server as `npm start` runs it.
const apiStart = apiStartCommand();
const child = spawn(process.execPath, [...apiStart.flags, COMPILED_SERVER], {
  env: { ...env, ...apiStart.env },
  stdio: 'inherit',
});

const mobileDir = join('..', 'apps', 'mobile', 'dist-web');
const MIME = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
};
const mobile = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://local');
  if (url.pathname.startsWith('/v1/') || url.pathname === '/healthz') {
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
    return;
  }
  if (!existsSync(join(mobileDir, 'index.html'))) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The mobile app is not built: run `npm run build:mobile` first.');
    return;
  }
  // A file of the export, else the app's page (it routes by itself).
  const file = normalize(join(mobileDir, decodeURIComponent(url.pathname)));
  const inside = file.startsWith(normalize(mobileDir)) && existsSync(file) && extname(file) !== '';
  const path = inside ? file : join(mobileDir, 'index.html');
  res.writeHead(200, { 'content-type': MIME[extname(path)] ?? 'application/octet-stream' });
  res.end(readFileSync(path));
});
await new Promise((done) => mobile.listen(port + 4, '127.0.0.1', done));

const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  smtp.close(() => {});
  sms.close();
  mobile.close();
  await qbo.close();
  await Promise.all([plaidStandIn.close(), finicityStandIn.close(), ecmStandIn.close()]);
  await dropDatabase();
  process.exit(code ?? 0);
});
