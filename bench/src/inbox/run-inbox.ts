/**
 * `npm run bench:inbox` (issue 13): the SMTP receiver's ingest rate with a 200 KB PDF per message and the
 * server's memory while it runs, beside a bare smtp-server that only writes the bytes to disk; then the
 * organisation's inbox list at 100,000 e-mails through the whole app, beside the bare SQL of each page.
 * PGlite by default, PostgreSQL with DATABASE_URL (throwaway databases). Writes its section of
 * docs/performance.md unless --no-docs. Needs the compiled server (`npm run build -w @bp/api`).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { COMPILED_SERVER, compiledServerStart } from '../compiled-server.ts';
import { freshPostgres, openBenchEnv } from '../setup.ts';
import { generateEmails, listCases, measureList } from './inbox-list.ts';
import { writeInboxSection } from './report-inbox.ts';
import { ingest, startProcess } from './smtp-ingest.ts';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const DOMAIN = 'bench.test';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    emails: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '20' },
    'no-docs': { type: 'boolean' },
  },
});
const messages = Number(values.messages);
const concurrency = Number(values.concurrency);
const emails = Number(values.emails);
const rounds = Number(values.rounds);

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The compiled server on a new data folder (or database), SMTP ingest into Harper Household's inbox. */
async function ingestIntoServer(databaseUrl: string | undefined) {
  const port = 18_900 + Math.floor(Math.random() * 50);
  const smtpPort = port + 60;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-bench-inbox-'));
  const fresh = databaseUrl ? await freshPostgres(databaseUrl) : null;
  const origin = `http://127.0.0.1:${port}`;
  const start = compiledServerStart();
  const server = await startProcess(
    start.args,
    {
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_INBOUND_PORT: String(smtpPort),
      INBOUND_MAIL_DOMAIN: DOMAIN,
      LOG_LEVEL: 'warn',
      ...(fresh ? { DATABASE_URL: fresh.url } : { DATABASE_URL: '' }),
    },
    async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status === 200,
    join(REPO_ROOT, 'apps/api'),
  );
  try {
    const { access } = await json<{ access: string }>(`${origin}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: 'demo-pass-2026' }),
    });
    const auth = { headers: { authorization: `Bearer ${access}` } };
    const orgs = await json<{ results: { guid: string; name: string }[] }>(
      `${origin}/v1/accounts/organizations`,
      auth,
    );
    const org = orgs.results.find((o) => o.name === 'Demo Family Office');
    const clients = await json<{ results: { guid: string }[] }>(
      `${origin}/v1/accounts/organizations/${org?.guid}/clients?search=Harper`,
      auth,
    );
    const clientGuid = clients.results[0]?.guid;
    const { address } = await json<{ address: string }>(
      `${origin}/v1/inbox/clients/${clientGuid}/inbox-address`,
      auth,
    );
    const filed = async () =>
      (
        await json<{ count: number }>(
          `${origin}/v1/inbox/clients/${clientGuid}/emails?search=Bench%20invoice&page_size=1`,
          auth,
        )
      ).count;
    return await ingest(server.child.pid as number, smtpPort, address, messages, concurrency, filed);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

async function ingestIntoBare() {
  const port = 18_980 + Math.floor(Math.random() * 15);
  const bare = await startProcess(
    [join(import.meta.dirname, 'bare-smtp.mjs')],
    { PORT: String(port) },
    () => listening(port),
    REPO_ROOT,
  );
  try {
    return await ingest(bare.child.pid as number, port, `bills-bench@${DOMAIN}`, messages, concurrency);
  } finally {
    await bare.stop();
  }
}

async function listAtScale(databaseUrl: string | undefined) {
  const env = await openBenchEnv(databaseUrl);
  try {
    const { db } = env.database;
    const rowsOf = <T>(r: unknown) => ('rows' in (r as object) ? (r as { rows: T[] }).rows : (r as T[]));
    const [org] = rowsOf<{ id: number; guid: string }>(
      await db.execute(sql`select id, guid from organizations where name = 'Demo Family Office'`),
    );
    const [client] = rowsOf<{ id: number; guid: string }>(
      await db.execute(sql`select id, guid from clients where name = 'Harper Household'`),
    );
    if (!org || !client) throw new Error('the demo data is missing');
    const started = performance.now();
    await generateEmails(env, Number(org.id), emails);
    console.log(`  ${emails} e-mails generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const login = await env.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'manager@demo.test', password: 'demo-pass-2026' },
    });
    const token = (login.json() as { access: string }).access;
    const cases = listCases(org.guid, Number(org.id), { id: Number(client.id), guid: client.guid }, emails);
    return await measureList(env, token, cases, rounds);
  } finally {
    await env.close();
  }
}

async function main() {
  if (!existsSync(COMPILED_SERVER)) {
    console.error('No compiled server: run `npm run build -w @bp/api` first.');
    process.exitCode = 1;
    return;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const loadBefore = loadavg()[0] ?? 0;
  console.log(`SMTP ingest: ${messages} messages with a 200 KB PDF, ${concurrency} connections (${kind})`);
  const baseline = await ingestIntoBare();
  console.log(
    `  bare smtp-server: ${baseline.acceptedPerSecond.toFixed(1)} msg/s, peak ${baseline.rssPeakMb.toFixed(0)} MB`,
  );
  const server = await ingestIntoServer(databaseUrl);
  console.log(
    `  our receiver: ${server.acceptedPerSecond.toFixed(1)} msg/s accepted, all filed in ${server.filedSeconds?.toFixed(1)} s, peak ${server.rssPeakMb.toFixed(0)} MB`,
  );
  console.log(`Inbox list at ${emails} e-mails (${kind}), ${rounds} rounds each`);
  const list = await listAtScale(databaseUrl);
  for (const r of list)
    console.log(
      `  ${r.name}: ${r.medianMs.toFixed(1)} ms median (p95 ${r.p95Ms.toFixed(1)}), bare SQL ${r.baselineMedianMs.toFixed(1)} ms`,
    );
  if (!values['no-docs']) {
    const path = writeInboxSection(join(REPO_ROOT, 'docs/performance.md'), {
      date: new Date().toISOString(),
      kind,
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(totalmem() / 1024 ** 3),
      },
      node: process.version,
      loadAverage: [loadBefore, loadavg()[0] ?? 0],
      messages,
      concurrency,
      emails,
      rounds,
      baseline,
      server,
      list,
    });
    console.log(`Wrote ${path}`);
  }
}

await main();
