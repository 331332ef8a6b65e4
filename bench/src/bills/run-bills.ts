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
import { type HttpJob, HttpLoad } from '../http-load.ts';
import type { LoadOptions } from '../load.ts';
import { LOAD_FLAGS, listen, loadSettings, positiveInt } from '../load-cli.ts';
import { rawDb } from '../raw-db.ts';
import { type BenchEnv, openBenchEnv } from '../setup.ts';
import { measureSideBySide } from '../side-by-side.ts';
import { stopOnSignal } from '../stop-on-signal.ts';
import { bookOfBills } from './book.ts';
import { explainStatements } from './explain-statements.ts';
import { listenBare, mainQueries, mainQueryServer } from './main-queries.ts';
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
  /** Each measurement runs at every one of these concurrencies (connections at once). */
  concurrencies: number[];
  timeCapS: number;
  rounds: number;
  warmup: number;
  writeDocs: boolean;
  keepDatabase: boolean;
  reuseDatabase: string | undefined;
}

function parse(argv: string[], postgres: boolean): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      organizations: { type: 'string' },
      clients: { type: 'string' },
      bills: { type: 'string' },
      'keep-database': { type: 'boolean' },
      'reuse-database': { type: 'string' },
      ...LOAD_FLAGS,
    },
  });
  // One connection first: a request's own latency (the memo search's 50 ms target); then 16 and 64, the
  // throughput goals of issue 12 item 2.
  const concurrencies = (values.concurrency ?? '1,16,64').split(',').map((c) => positiveInt(c.trim(), 16));
  const { concurrency: _one, ...load } = loadSettings(
    { ...values, concurrency: undefined },
    { requests: 600, concurrency: 1, timeCapS: 8, rounds: 2, warmup: 60 },
  );
  return {
    keepDatabase: values['keep-database'] === true,
    reuseDatabase: values['reuse-database'],
    concurrencies,
    organizations: positiveInt(values.organizations, 100),
    clients: positiveInt(values.clients, 1000),
    // PGlite is a single in-process connection: a million bills would take most of an hour there.
    bills: positiveInt(values.bills, postgres ? 1_000_000 : 50_000),
    ...load,
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
  let bare: { close: () => Promise<void> } | null = null;
  // Ctrl-C (or a kill) ends the run as its end does (bench/README.md, stop-on-signal.ts): the servers close
  // and the throwaway database is dropped first (FORCE, so a running INSERT cannot hold it), unless it is
  // a reused one or a finished book kept with --keep-database.
  let bookReady = false;
  const stopper = stopOnSignal({ signals: process, exit: (code) => process.exit(code), say });
  const env: BenchEnv = await openBenchEnv(process.env.DATABASE_URL, {
    keep: options.keepDatabase,
    reuse: options.reuseDatabase,
  });
  const opened = env;
  stopper.setCleanup(async () => {
    // Dropping with FORCE ends the pool's connections under their running statements: expected now.
    process.on('uncaughtException', (error) => say(`after the stop: ${error.message}`));
    await Promise.allSettled([load.close(), baseline?.close(), bare?.close()]);
    const keep = opened.reused || (options.keepDatabase && bookReady);
    await opened.abort({ keep });
    say(opened.databaseName ? `${keep ? 'kept' : 'dropped'} database ${opened.databaseName}` : 'closed');
  });
  if (stopper.stopping) return;
  try {
    const { db } = opened.database;
    const raw = rawDb(db);
    say(
      `${opened.kind}${opened.databaseName ? ` (database ${opened.databaseName})` : ''}: migrated${opened.reused ? '' : ' and seeded'}`,
    );
    const generated = await bookOfBills(opened, raw, options, say);
    bookReady = true;

    const [user] = await db.select().from(users).where(eq(users.email, BENCH_USER));
    if (!user) throw new Error('demo data is missing');
    const claims = await sessionClaimsFor(db, user, new Date());
    const token = async () => (await env.deps.tokens.issuePair(claims)).access;
    const [org] = await raw.query('select "guid" from "organizations" where "id" = $1', [
      generated.demoOrganizationId,
    ]);
    const orgBase = `/v1/billing/organizations/${String(org?.guid)}`;
    // The bill page: a bill waiting for the client with a full plan, or any bill of a small book.
    const [pageBill] = await raw.query(
      `select b."guid", c."guid" as client_guid from "bills" b join "clients" c on c."id" = b."client_id"
       where b."organization_id" = $1
       order by (b."status" = 'client_approval' and b."id" % 10 < 3) desc, b."id" limit 1`,
      [generated.demoOrganizationId],
    );
    if (!pageBill) throw new Error('the measured organisation holds no bills: generate more');
    const skipped: string[] = [];
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
    if (!queueRow) skipped.push(`queue deep pages (${waiting} bills in org approval, fewer than 11)`);
    const paidCount = generated.demoBillsByStatus.paid ?? 0;
    const searchDeepPage = Math.max(2, Math.min(deepPage, Math.floor(paidCount / 10)));
    const [searchRow] = await raw.query(
      `select to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as k, "id" from "bills"
       where "organization_id" = $1 and "status" = 'paid' order by "created_at" desc, "id" desc offset $2 limit 1`,
      [generated.demoOrganizationId, (searchDeepPage - 1) * 10 - 1],
    );
    if (!searchRow) skipped.push(`paid search deep pages (${paidCount} paid bills, fewer than 11)`);
    // Bills one side's approve runs take, at every concurrency: each run reserves its requests plus one
    // per loop.
    const needed = options.concurrencies.reduce(
      (sum, c) =>
        sum + options.warmup + c + options.rounds * (Math.ceil(options.requests / options.rounds) + c),
      0,
    );
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
    // A small book cannot feed approve at this load: measure the reads and say so.
    const approve =
      recorded && check && rest.length >= 2 * needed
        ? {
            recorded,
            check,
            appPool: rest.slice(0, Math.floor(rest.length / 2)),
            basePool: rest.slice(Math.floor(rest.length / 2)),
          }
        : null;
    if (!approve) {
      skipped.push(
        `approve (${waiting} bills in org approval; ${2 * needed + 2} needed at this load: more bills or fewer --requests)`,
      );
    }

    const [me] = await raw.query('select "id" from "users" where "email" = $1', [BENCH_USER]);
    const candidates: (Route | null)[] = [
      {
        key: 'organizations',
        label: 'GET /v1/accounts/organizations',
        method: 'GET',
        path: '/v1/accounts/organizations?page=1&page_size=10',
      },
      {
        key: 'queue-first',
        label: 'GET …/bills?queue=org-approval page 1',
        method: 'GET',
        path: `${orgBase}/bills?queue=org-approval&page=1&page_size=10`,
      },
      queueRow
        ? {
            key: 'queue-deep',
            label: `GET …/bills?queue=org-approval page ${deepPage} by offset`,
            method: 'GET',
            path: `${orgBase}/bills?queue=org-approval&page=${deepPage}&page_size=10`,
          }
        : null,
      queueRow
        ? {
            key: 'queue-deep-cursor',
            label: `GET …/bills?queue=org-approval page ${deepPage} by cursor`,
            method: 'GET',
            path: `${orgBase}/bills?queue=org-approval&page=${deepPage}&page_size=10&cursor=${cursorOf('due_date', queueRow.k, queueRow.id)}`,
          }
        : null,
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
      searchRow
        ? {
            key: 'search-deep',
            label: `GET …/advanced-search?status=paid page ${searchDeepPage} by offset`,
            method: 'GET',
            path: `${orgBase}/advanced-search?status=paid&page=${searchDeepPage}&page_size=10`,
          }
        : null,
      searchRow
        ? {
            key: 'search-deep-cursor',
            label: `GET …/advanced-search?status=paid page ${searchDeepPage} by cursor`,
            method: 'GET',
            path: `${orgBase}/advanced-search?status=paid&page=${searchDeepPage}&page_size=10&cursor=${cursorOf('-created_on', searchRow.k, searchRow.id)}`,
          }
        : null,
      {
        key: 'search-memo',
        label: 'GET …/advanced-search (memo)',
        method: 'GET',
        path: `${orgBase}/advanced-search?memo=gardening&page=1&page_size=10`,
      },
      approve
        ? {
            key: 'approve',
            label: 'POST …/bills/{billGuid}/workflow approve',
            method: 'POST',
            path: workflowPath(approve.recorded),
            pool: { app: approve.appPool.map(workflowPath), baseline: approve.basePool.map(workflowPath) },
          }
        : null,
    ];
    const routes = candidates.filter((r): r is Route => r !== null);
    for (const line of skipped) say(`not measured: ${line}`);

    // The second baseline: each read route's main query alone on a bare node:http server.
    const mains = mainQueries({
      organizationId: generated.demoOrganizationId,
      userId: Number(me?.id),
      billGuid: String(pageBill.guid),
      clientGuid: String(pageBill.client_guid),
      queueDeepOffset: (deepPage - 1) * 10,
      queueCursor: { due: String(queueRow?.k ?? '2000-01-01'), id: Number(queueRow?.id ?? 0) },
      searchDeepOffset: (searchDeepPage - 1) * 10,
      searchCursor: {
        created: String(searchRow?.k ?? '2000-01-01T00:00:00'),
        id: Number(searchRow?.id ?? 0),
      },
    });
    const mainByUrl = new Map(
      routes.flatMap((r) => {
        const q = mains[r.key];
        return q ? [[r.path, q] as const] : [];
      }),
    );
    const bareServer = await listenBare(mainQueryServer(raw, mainByUrl));
    bare = bareServer;

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
          await send(appUrl, route, workflowPath((approve as NonNullable<typeof approve>).check));
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

    const byGuid = new Map((approve?.basePool ?? []).map((b) => [b.guid, b]));
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
      const { recorded } = approve as NonNullable<typeof approve>;
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
    const probe = approve?.basePool.shift();
    if (approve && probe) {
      const approveRoute = routes.find((r) => r.pool) as Route;
      const answer = await send(baseUrl, approveRoute, workflowPath(probe));
      const [after] = await raw.query('select "status", "version" from "bills" where "id" = $1', [probe.id]);
      if (answer.status !== 200 || after?.status === 'org_approval') {
        throw new Error(`baseline approve did not move the bill: ${answer.status}, ${JSON.stringify(after)}`);
      }
      const approvePool = approveRoute.pool as { app: string[]; baseline: string[] };
      approvePool.baseline = approve.basePool.map(workflowPath);
    }
    for (const route of routes.filter((r) => mainByUrl.has(r.path))) {
      const res = await fetch(`${bareServer.url}${route.path}`);
      if (res.status !== 200)
        throw new Error(`main query of ${route.label}: ${res.status} ${await res.text()}`);
    }
    say(`app on ${appUrl}, replay baseline on ${baseUrl}, main-query baseline on ${bareServer.url}`);

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
    const runs: BillsBenchResult['runs'] = [];
    let loadAverage: [number, number] = [0, 0];
    for (const concurrency of options.concurrencies) {
      say(`measuring at ${concurrency} connections`);
      const measured = await measureSideBySide({
        load,
        routes,
        appUrl,
        baseUrl,
        main: { url: bareServer.url, has: (route) => mainByUrl.has(route.path) },
        jobOf,
        settings: { ...options, concurrency },
        say,
      });
      runs.push({ concurrency, routes: measured.routes });
      loadAverage = runs.length === 1 ? measured.loadAverage : [loadAverage[0], measured.loadAverage[1]];
    }

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
      runs,
      mainQueries: routes.flatMap((r) => {
        const q = mainByUrl.get(r.path);
        return q ? [{ route: r.label, what: q.what }] : [];
      }),
      skipped,
      plans,
      totalS: (performance.now() - t0) / 1000,
    };
    const outDir = join(REPO_ROOT, 'bench/out');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, `bills-${env.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
    if (options.writeDocs) say(`wrote ${writeBillsSection(join(REPO_ROOT, 'docs/performance.md'), result)}`);
  } catch (error) {
    // Interrupted: the queries cut off by the shutdown fail here; the signal handler ends the run.
    if (stopper.stopping) return;
    throw error;
  } finally {
    if (!stopper.stopping) {
      stopper.dispose();
      await load.close();
      await baseline?.close();
      await bare?.close();
      await env.close();
      if (options.keepDatabase && env.databaseName && !env.reused) {
        say(`kept database ${env.databaseName}: next time add --reuse-database ${env.databaseName}`);
      }
    }
  }
  say('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
