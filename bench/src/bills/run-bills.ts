/**
 * The bills benchmark (issue 4): a generated book of bills, then the queue list (first and deep page),
 * the bill page, the advanced search and approve, each against the replay baseline in the same run.
 * `npm run bench:bills` (PGlite) or with DATABASE_URL (PostgreSQL, the size the issue names).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionClaimsFor } from '../../../apps/api/src/modules/auth/claims.ts';
import { users } from '../../../apps/api/src/modules/users/tables.ts';
import { captureStatements } from '../capture.ts';
import { generateBills } from '../generate-bills.ts';
import { type HttpJob, HttpLoad } from '../http-load.ts';
import type { LoadOptions } from '../load.ts';
import { LOAD_FLAGS, listen, loadSettings, positiveInt } from '../load-cli.ts';
import { rawDb } from '../raw-db.ts';
import { type BenchEnv, openBenchEnv } from '../setup.ts';
import { measureSideBySide } from '../side-by-side.ts';
import { explainStatements } from './explain-statements.ts';
import {
  buildReplayBaseline,
  type Recording,
  type ReplayRoute,
  statementTexts,
  varyingParams,
} from './replay-baseline.ts';
import { type BillsBenchResult, writeBillsSection } from './report-bills.ts';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const BENCH_USER = 'manager@demo.test';

interface Options {
  organizations: number;
  clients: number;
  bills: number;
  requests: number;
  concurrency: number;
  timeCapS: number;
  rounds: number;
  warmup: number;
  writeDocs: boolean;
}

function parse(argv: string[], postgres: boolean): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      organizations: { type: 'string' },
      clients: { type: 'string' },
      bills: { type: 'string' },
      ...LOAD_FLAGS,
    },
  });
  return {
    organizations: positiveInt(values.organizations, 100),
    clients: positiveInt(values.clients, 1000),
    // PGlite is a single in-process connection: a million bills would take most of an hour there.
    bills: positiveInt(values.bills, postgres ? 1_000_000 : 50_000),
    ...loadSettings(values, { requests: 600, concurrency: 8, timeCapS: 8, rounds: 2, warmup: 60 }),
  };
}

interface Route {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** approve: a new bill for each request. */
  pool?: { app: string[]; baseline: string[] };
}

interface PoolBill {
  guid: string;
  id: number;
  clientGuid: string;
  clientId: number;
  entityId: number;
  vendorId: number;
  amount: number;
}

const workflowPath = (b: PoolBill) => `/v1/billing/clients/${b.clientGuid}/bills/${b.guid}/workflow`;

async function main() {
  const postgres = Boolean(process.env.DATABASE_URL);
  const options = parse(process.argv.slice(2), postgres);
  const t0 = performance.now();
  const say = (m: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  const load = new HttpLoad();
  let baseline: FastifyInstance | null = null;
  // Ctrl-C (or a kill) ends the run as its end does (bench/README.md): the servers and the pool close and
  // the throwaway database is dropped. A signal during set-up waits for the database to exist; another
  // one a few seconds later quits at once. (Ctrl-C reaches this process twice within milliseconds: from
  // the terminal and relayed by tsx when this process is too busy to tell tsx it already has it.)
  let env: BenchEnv | null = null;
  let stopping: NodeJS.Signals | null = null;
  let stoppingSince = 0;
  const exitCode = (signal: NodeJS.Signals) => (signal === 'SIGTERM' ? 143 : 130);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (performance.now() - stoppingSince > 2000) process.exit(exitCode(signal));
      return;
    }
    stopping = signal;
    stoppingSince = performance.now();
    say(`${signal}: stopping; closing and dropping the benchmark's database (again to quit at once)`);
    if (env) void shutDown(env, signal);
  };
  const shutDown = async (opened: BenchEnv, signal: NodeJS.Signals) => {
    await Promise.allSettled([load.close(), baseline?.close()]);
    await opened.close();
    say(opened.databaseName ? `dropped database ${opened.databaseName}` : 'closed');
    process.exit(exitCode(signal));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  env = await openBenchEnv(process.env.DATABASE_URL);
  if (stopping) return shutDown(env, stopping);
  try {
    const { db } = env.database;
    const raw = rawDb(db);
    say(`${env.kind}${env.databaseName ? ` (database ${env.databaseName})` : ''}: migrated and seeded`);
    const generated = await generateBills(raw, {
      organizations: options.organizations,
      clients: options.clients,
      bills: options.bills,
      progress: (n) => {
        if (n % 100_000 < (options.bills / options.clients) * 50) say(`  ${n} bills`);
      },
    });
    say(`generated ${generated.bills} bills in ${(generated.ms / 1000).toFixed(1)}s`);

    const [user] = await db.select().from(users).where(eq(users.email, BENCH_USER));
    if (!user) throw new Error('demo data is missing');
    const claims = await sessionClaimsFor(db, user, new Date());
    const token = async () => (await env.deps.tokens.issuePair(claims)).access;
    const [org] = await raw.query('select "guid" from "organizations" where "id" = $1', [
      generated.demoOrganizationId,
    ]);
    const orgBase = `/v1/billing/organizations/${String(org?.guid)}`;
    const [pageBill] = await raw.query(
      `select b."guid", c."guid" as client_guid from "bills" b join "clients" c on c."id" = b."client_id"
       where b."organization_id" = $1 and b."status" = 'client_approval' and b."id" % 10 < 3
       order by b."id" limit 1`,
      [generated.demoOrganizationId],
    );
    const waiting = generated.demoBillsByStatus.org_approval ?? 0;
    const deepPage = Math.max(2, Math.floor(waiting / 10));
    // The cursor the app's own next link carries into the deep page: the row before it, in the
    // ordering's key as the cursor writes it (platform/keyset.ts).
    const cursorOf = (ordering: string, key: unknown, id: unknown) =>
      Buffer.from(JSON.stringify({ o: ordering, k: key, i: Number(id) }), 'utf8').toString('base64url');
    const [queueRow] = await raw.query(
      `select to_char("due_date", 'YYYY-MM-DD') as k, "id" from "bills"
       where "organization_id" = $1 and "status" = 'org_approval' order by "due_date", "id" offset $2 limit 1`,
      [generated.demoOrganizationId, (deepPage - 1) * 10 - 1],
    );
    if (!queueRow) throw new Error('the org-approval queue is shorter than its deep page');
    const queueCursor = cursorOf('due_date', queueRow.k, queueRow.id);
    const paidCount = generated.demoBillsByStatus.paid ?? 0;
    const searchDeepPage = Math.max(2, Math.min(deepPage, Math.floor(paidCount / 10)));
    const [searchRow] = await raw.query(
      `select to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as k, "id" from "bills"
       where "organization_id" = $1 and "status" = 'paid' order by "created_at" desc, "id" desc offset $2 limit 1`,
      [generated.demoOrganizationId, (searchDeepPage - 1) * 10 - 1],
    );
    if (!searchRow) throw new Error('too few paid bills for the deep search page');
    const searchCursor = cursorOf('-created_on', searchRow.k, searchRow.id);
    // Bills one side's approve runs take: each run reserves its requests plus one per loop.
    const needed =
      options.warmup +
      options.concurrency +
      options.rounds * (Math.ceil(options.requests / options.rounds) + options.concurrency);
    const pool: PoolBill[] = (
      await raw.query(
        `select b."guid", b."id", c."guid" as client_guid, b."client_id", b."entity_id", b."vendor_id", b."amount"
         from "bills" b join "clients" c on c."id" = b."client_id"
         where b."organization_id" = $1 and b."status" = 'org_approval' and c."name" like 'Bench Client %'
         order by b."id" limit $2`,
        [generated.demoOrganizationId, 2 * needed + 3],
      )
    ).map((r) => ({
      guid: String(r.guid),
      id: Number(r.id),
      clientGuid: String(r.client_guid),
      clientId: Number(r.client_id),
      entityId: Number(r.entity_id),
      vendorId: Number(r.vendor_id),
      amount: Number(r.amount),
    }));
    const recorded = pool[0];
    // The second recording is on another client's bill, so every bill-dependent parameter shows up.
    const check = pool.find(
      (b) => recorded && b.clientId !== recorded.clientId && b.vendorId !== recorded.vendorId,
    );
    const rest = pool.filter((b) => b !== recorded && b !== check);
    if (!recorded || !check || !pageBill || rest.length < 2 * needed) {
      throw new Error('not enough bills waiting in org approval to measure approve: generate more bills');
    }
    const half = Math.floor(rest.length / 2);
    const appPool = rest.slice(0, half);
    const basePool = rest.slice(half);

    const routes: Route[] = [
      {
        key: 'queue-first',
        label: 'GET …/bills?queue=org-approval page 1',
        method: 'GET',
        path: `${orgBase}/bills?queue=org-approval&page=1&page_size=10`,
      },
      {
        key: 'queue-deep',
        label: `GET …/bills?queue=org-approval page ${deepPage} by offset`,
        method: 'GET',
        path: `${orgBase}/bills?queue=org-approval&page=${deepPage}&page_size=10`,
      },
      {
        key: 'queue-deep-cursor',
        label: `GET …/bills?queue=org-approval page ${deepPage} by cursor`,
        method: 'GET',
        path: `${orgBase}/bills?queue=org-approval&page=${deepPage}&page_size=10&cursor=${queueCursor}`,
      },
      {
        key: 'bill-page',
        label: 'GET …/bills/{billGuid}',
        method: 'GET',
        path: `/v1/billing/clients/${String(pageBill.client_guid)}/bills/${String(pageBill.guid)}`,
      },
      {
        key: 'search',
        label: 'GET …/advanced-search (vendor, amount range, status)',
        method: 'GET',
        path: `${orgBase}/advanced-search?vendor=${encodeURIComponent('Vendor 1')}&amount_min=50000&amount_max=500000&status=paid&page=1&page_size=10`,
      },
      {
        key: 'search-first',
        label: 'GET …/advanced-search?status=paid page 1',
        method: 'GET',
        path: `${orgBase}/advanced-search?status=paid&page=1&page_size=10`,
      },
      {
        key: 'search-deep',
        label: `GET …/advanced-search?status=paid page ${searchDeepPage} by offset`,
        method: 'GET',
        path: `${orgBase}/advanced-search?status=paid&page=${searchDeepPage}&page_size=10`,
      },
      {
        key: 'search-deep-cursor',
        label: `GET …/advanced-search?status=paid page ${searchDeepPage} by cursor`,
        method: 'GET',
        path: `${orgBase}/advanced-search?status=paid&page=${searchDeepPage}&page_size=10&cursor=${searchCursor}`,
      },
      {
        key: 'search-memo',
        label: 'GET …/advanced-search (memo)',
        method: 'GET',
        path: `${orgBase}/advanced-search?memo=gardening&page=1&page_size=10`,
      },
      {
        key: 'approve',
        label: 'POST …/bills/{billGuid}/workflow approve',
        method: 'POST',
        path: workflowPath(recorded),
        pool: { app: appPool.map(workflowPath), baseline: basePool.map(workflowPath) },
      },
    ];

    // Record what the app does for each route once (approve: on the recorded bill).
    const appUrl = await listen(env.app);
    const approveBody = JSON.stringify({ action: 'approve' });
    const send = async (server: string, route: Route, path = route.path) => {
      const res = await fetch(`${server}${path}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${await token()}`,
          ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: route.method === 'POST' ? approveBody : undefined,
      });
      return { status: res.status, body: await res.text() };
    };
    const recordings = new Map<string, Recording>();
    let approveVarying: boolean[][] | undefined;
    const parity: BillsBenchResult['parity'] = [];
    for (const route of routes) {
      let answer = { status: 0, body: '' };
      const statements = await captureStatements(db, async () => {
        answer = await send(appUrl, route);
      });
      if (!statements) throw new Error('could not capture the SQL of the app (Drizzle internals changed)');
      if (answer.status !== 200)
        throw new Error(`${route.label}: the app answered ${answer.status} ${answer.body}`);
      const recording = { statements, status: answer.status, body: answer.body };
      recordings.set(route.key, recording);
      if (route.key === 'approve') {
        // Is one recording representative of every bill? Approve a second one and compare the SQL.
        const again = await captureStatements(db, async () => {
          await send(appUrl, route, workflowPath(check));
        });
        const same =
          JSON.stringify(statementTexts(recording)) ===
          JSON.stringify(statementTexts({ statements: again ?? [], status: 200, body: '' }));
        if (!same || !again) {
          const a = statementTexts(recording);
          const b = statementTexts({ statements: again ?? [], status: 200, body: '' });
          const at = a.findIndex((t, i) => t !== b[i]);
          throw new Error(
            `approve sends different statements for different bills (${a.length} vs ${b.length}); first difference at ${at}:\n${a[at]}\n${b[at]}`,
          );
        }
        approveVarying = varyingParams(recording.statements, again);
        parity.push({ route: route.label, statements: statementTexts(recording).length, same });
      } else {
        parity.push({ route: route.label, statements: statementTexts(recording).length, same: true });
      }
    }
    say(`recorded ${recordings.size} routes`);

    const byGuid = new Map(basePool.map((b) => [b.guid, b]));
    const replay: ReplayRoute[] = routes.map((route) => {
      const recording = recordings.get(route.key) as Recording;
      if (!route.pool) {
        return {
          method: route.method,
          recording,
          transaction: false,
          substitute: (url: string) => (url === route.path ? new Map() : null),
        };
      }
      return {
        method: route.method,
        recording,
        transaction: true,
        varying: approveVarying,
        substitute: (url: string) => {
          const match = /\/bills\/([0-9a-f-]{36})\/workflow$/.exec(url);
          const target = match ? byGuid.get(match[1] as string) : undefined;
          if (!target) return null;
          return new Map<unknown, unknown>([
            [recorded.guid, target.guid],
            [recorded.id, target.id],
            [recorded.clientGuid, target.clientGuid],
            [recorded.clientId, target.clientId],
            [recorded.entityId, target.entityId],
            [recorded.vendorId, target.vendorId],
            [recorded.amount, target.amount],
          ]);
        },
      };
    });
    baseline = buildReplayBaseline(raw, replay);
    const baseUrl = await listen(baseline);
    for (const route of routes.filter((r) => !r.pool)) {
      const answer = await send(baseUrl, route);
      if (answer.status !== 200) throw new Error(`baseline ${route.label}: ${answer.status}`);
    }
    // The replayed approve must do what the app's does: the bill leaves org approval.
    const probe = basePool.shift();
    if (probe) {
      const approve = routes.find((r) => r.pool) as Route;
      const answer = await send(baseUrl, approve, workflowPath(probe));
      const [after] = await raw.query('select "status", "version" from "bills" where "id" = $1', [probe.id]);
      if (answer.status !== 200 || after?.status === 'org_approval') {
        throw new Error(`baseline approve did not move the bill: ${answer.status}, ${JSON.stringify(after)}`);
      }
      const approvePool = approve.pool as { app: string[]; baseline: string[] };
      approvePool.baseline = basePool.map(workflowPath);
    }
    say(`app on ${appUrl}, baseline on ${baseUrl}`);

    // Each approve request takes the next bill of its side's pool, across warm-up and rounds.
    const cursor = { app: 0, baseline: 0 };
    const jobOf = async (server: string, route: Route, loadOptions: LoadOptions): Promise<HttpJob> => {
      const job: HttpJob = {
        url: `${server}${route.path}`,
        method: route.method,
        headers: { authorization: `Bearer ${await token()}` },
        options: loadOptions,
      };
      if (route.pool) {
        const side = server === appUrl ? 'app' : 'baseline';
        const list = route.pool[side];
        const take = loadOptions.requests + loadOptions.concurrency;
        job.urls = list.slice(cursor[side], cursor[side] + take).map((p) => `${server}${p}`);
        cursor[side] += take;
        job.body = approveBody;
      }
      return job;
    };
    const { routes: results, loadAverage } = await measureSideBySide({
      load,
      routes,
      appUrl,
      baseUrl,
      jobOf,
      settings: options,
      say,
      afterWarmup: async () => {
        if (!process.env.BENCH_DEBUG) return;
        const approve = routes.find((r) => r.pool) as Route;
        const path = approve.pool?.app[cursor.app] as string;
        const answer = await send(appUrl, approve, path);
        say(`debug approve ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
      },
    });

    const plans: BillsBenchResult['plans'] = [];
    for (const route of routes) {
      // Writes are explained without running (EXPLAIN without ANALYZE), so nothing changes here.
      const recording = recordings.get(route.key) as Recording;
      plans.push({ route: route.label, statements: await explainStatements(raw, recording.statements) });
    }
    say('explained');

    const [version] = await raw.query('select version() as v');
    const result: BillsBenchResult = {
      kind: env.kind,
      serverVersion: String(version?.v ?? 'unknown'),
      date: new Date().toISOString(),
      machine: { cores: availableParallelism(), cpu: cpus()[0]?.model.trim() ?? 'unknown' },
      loadAverage,
      options: { ...options },
      data: generated,
      deepPage,
      searchDeepPage,
      parity,
      routes: results,
      plans,
      totalS: (performance.now() - t0) / 1000,
    };
    const outDir = join(REPO_ROOT, 'bench/out');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, `bills-${env.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
    if (options.writeDocs) say(`wrote ${writeBillsSection(join(REPO_ROOT, 'docs/performance.md'), result)}`);
  } catch (error) {
    // Interrupted: the queries cut off by the shutdown fail here; the signal handler ends the run.
    if (stopping) return;
    throw error;
  } finally {
    if (!stopping) {
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
      await load.close();
      await baseline?.close();
      await env.close();
    }
  }
  say('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
