import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionClaimsFor } from '../../apps/api/src/modules/auth/claims.ts';
import { organizations } from '../../apps/api/src/modules/organizations/tables.ts';
import { users } from '../../apps/api/src/modules/users/tables.ts';
import type { SessionClaims } from '../../apps/api/src/platform/tokens.ts';
import { buildBaseline } from './baseline.ts';
import { captureSql, withoutFraming } from './capture.ts';
import { explainClientList } from './explain.ts';
import { DEMO_ORGANIZATION, generateClients } from './generate.ts';
import { type HttpJob, HttpLoad } from './http-load.ts';
import { type LoadOptions, type LoadRun, summarize } from './load.ts';
import { parseOptions } from './options.ts';
import { rawDb } from './raw-db.ts';
import { type BenchResult, printTable, type RouteResult, writePerformanceDoc } from './report.ts';
import { openBenchEnv } from './setup.ts';

const BENCH_USER = 'manager@demo.test';
const REPO_ROOT = join(import.meta.dirname, '../..');

interface Route {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  refresh?: boolean;
}

/** The commit measured, and whether the API's sources differ from it (work in progress). */
function sourceVersion(): { commit: string; dirty: boolean } {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: git('status', '--porcelain', '--', 'apps/api', 'packages') !== '',
    };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (!options) return;
  const startedAt = new Date();
  const t0 = performance.now();
  const say = (message: string) =>
    console.log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${message}`);

  const env = await openBenchEnv(process.env.DATABASE_URL);
  const load = new HttpLoad();
  let baseline: FastifyInstance | null = null;
  const stop = () => {
    void load.close();
    void baseline?.close();
    void env.close().then(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  try {
    const { db } = env.database;
    say(`${env.kind}${env.databaseName ? ` (database ${env.databaseName})` : ''}: migrated and seeded`);

    const raw = rawDb(db);
    const generated = await generateClients(raw, { clients: options.clients });
    say(
      `generated ${generated.inserted} clients (${generated.archived} archived) in ${(generated.ms / 1000).toFixed(1)}s`,
    );

    const [org] = await db
      .select({ guid: organizations.guid })
      .from(organizations)
      .where(eq(organizations.name, DEMO_ORGANIZATION));
    const [user] = await db.select().from(users).where(eq(users.email, BENCH_USER));
    if (!org || !user) throw new Error('demo data is missing');
    const claims: SessionClaims = await sessionClaimsFor(db, user, new Date());
    const { tokens } = env.deps;
    const [version] = await raw.query('select version() as v');
    const serverVersion = String(version?.v ?? 'unknown');
    baseline = buildBaseline(raw);
    const appUrl = await listen(env.app);
    const baseUrl = await listen(baseline);
    say(`app on ${appUrl}, baseline on ${baseUrl}`);

    const deepPage = Math.max(1, Math.min(options.deepPage, Math.floor(generated.listed / 10)));
    const list = `/v1/accounts/organizations/${org.guid}/clients`;
    const routes: Route[] = [
      { key: 'me', label: 'GET /v1/auth/users/me', method: 'GET', path: '/v1/auth/users/me' },
      {
        key: 'clients-first',
        label: 'GET …/clients page 1',
        method: 'GET',
        path: `${list}?page=1&page_size=10`,
      },
      {
        key: 'clients-deep',
        label: `GET …/clients page ${deepPage}`,
        method: 'GET',
        path: `${list}?page=${deepPage}&page_size=10`,
      },
      {
        key: 'clients-search',
        label: `GET …/clients search "${options.search}"`,
        method: 'GET',
        path: `${list}?page=1&page_size=10&search=${encodeURIComponent(options.search)}`,
      },
      {
        key: 'refresh',
        label: 'POST /v1/auth/token/refresh',
        method: 'POST',
        path: '/v1/auth/token/refresh',
        refresh: true,
      },
    ];

    // Fresh tokens for every job: access tokens live 5 minutes, refresh tokens are single-use.
    const jobOf = async (server: string, route: Route, loadOptions: LoadOptions): Promise<HttpJob> => {
      const job: HttpJob = {
        url: `${server}${route.path}`,
        method: route.method,
        headers: {},
        options: loadOptions,
      };
      if (route.refresh) {
        job.refreshChain = await Promise.all(
          Array.from(
            { length: loadOptions.concurrency },
            async () => (await tokens.issuePair(claims)).refresh,
          ),
        );
      } else {
        job.headers.authorization = `Bearer ${(await tokens.issuePair(claims)).access}`;
      }
      return job;
    };
    const once = async (server: string, route: Route) => {
      const job = await jobOf(server, route, { concurrency: 1, requests: 1, timeCapMs: 10_000 });
      const body = route.refresh ? JSON.stringify({ refresh: job.refreshChain?.[0] }) : undefined;
      const headers = route.refresh ? { 'content-type': 'application/json' } : job.headers;
      const res = await fetch(job.url, { method: route.method, headers, body });
      return { status: res.status, body: (await res.json()) as unknown };
    };

    // Checks: the baseline sends the app's statements and answers with the app's bodies.
    const parity: BenchResult['checks']['parity'] = [];
    const responses: BenchResult['checks']['responses'] = [];
    for (const route of routes) {
      let appAnswer = { status: 0, body: null as unknown };
      const appSql = await captureSql(db, async () => {
        appAnswer = await once(appUrl, route);
      });
      raw.recorded = [];
      const baseAnswer = await once(baseUrl, route);
      const baseSql = raw.recorded;
      raw.recorded = null;
      const appList = appSql ? withoutFraming(appSql) : null;
      const baseList = withoutFraming(baseSql);
      parity.push({
        route: route.label,
        same: appList ? isDeepStrictEqual(appList, baseList) : null,
        app: appList,
        baseline: baseList,
      });
      const same = route.refresh
        ? appAnswer.status === 200 && baseAnswer.status === 200
        : appAnswer.status === 200 && isDeepStrictEqual(appAnswer.body, baseAnswer.body);
      responses.push({
        route: route.label,
        same,
        appStatus: appAnswer.status,
        baselineStatus: baseAnswer.status,
      });
    }
    const badParity = parity.filter((p) => p.same === false);
    const badResponses = responses.filter((r) => !r.same);
    say(
      `SQL parity: ${badParity.length === 0 ? 'identical' : `DIFFERENT for ${badParity.map((p) => p.route).join(', ')}`}; ` +
        `responses: ${badResponses.length === 0 ? 'identical' : `DIFFERENT for ${badResponses.map((r) => r.route).join(', ')}`}`,
    );

    // Warm-up (JIT, plan caches, connections), then one measurement per route and server.
    const warm: LoadOptions = {
      concurrency: options.concurrency,
      requests: options.warmup,
      timeCapMs: 3_000,
    };
    for (const route of routes) {
      await load.run(await jobOf(appUrl, route, warm));
      await load.run(await jobOf(baseUrl, route, warm));
    }
    say('warmed up');
    // Rounds alternate the order (app first, then baseline first, ...) so that a change of load on the
    // machine during the run weighs on both sides alike; each round gets its share of requests and time.
    const rounds = options.rounds;
    const measure: LoadOptions = {
      concurrency: options.concurrency,
      requests: Math.ceil(options.requests / rounds),
      timeCapMs: (options.timeCapS * 1000) / rounds,
    };
    const results: RouteResult[] = [];
    const loadBefore = loadavg()[0] ?? 0;
    for (const route of routes) {
      const appRuns: LoadRun[] = [];
      const baseRuns: LoadRun[] = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ([appUrl, baseUrl] as const) : ([baseUrl, appUrl] as const);
        for (const server of order) {
          const run = await load.run(await jobOf(server, route, measure));
          (server === appUrl ? appRuns : baseRuns).push(run);
        }
      }
      const app = summarize(appRuns);
      const base = summarize(baseRuns);
      const roundRatios = appRuns.map((run, i) => {
        const other = baseRuns[i];
        return other ? summarize([run]).p50Ms / summarize([other]).p50Ms : Number.NaN;
      });
      results.push({ key: route.key, label: route.label, app, baseline: base, roundRatios });
      say(
        `${route.label}: app p50 ${app.p50Ms.toFixed(2)} ms ${app.rps.toFixed(0)} req/s, ` +
          `baseline p50 ${base.p50Ms.toFixed(2)} ms ${base.rps.toFixed(0)} req/s`,
      );
    }
    const loadAfter = loadavg()[0] ?? 0;
    await load.close();

    // Token costs in isolation, to read the ratios of the token routes.
    const access = (await tokens.issuePair(claims)).access;
    const timeIt = async (n: number, fn: () => Promise<unknown>) => {
      const begin = performance.now();
      for (let i = 0; i < n; i++) await fn();
      return ((performance.now() - begin) * 1000) / n;
    };
    const jwt = {
      verifyUs: await timeIt(2000, () => tokens.verifyAccess(access)),
      issuePairUs: await timeIt(2000, () => tokens.issuePair(claims)),
    };

    const explain = await explainClientList(raw, env.kind, {
      organizationId: generated.organizationId,
      deepPage,
      search: options.search,
    });
    say('explained the client list');

    const p50 = (key: string) => results.find((r) => r.key === key)?.app.p50Ms ?? Number.NaN;
    const result: BenchResult = {
      kind: env.kind,
      databaseName: env.databaseName,
      serverVersion,
      date: startedAt.toISOString(),
      source: sourceVersion(),
      machine: {
        cores: availableParallelism(),
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        memoryGb: totalmem() / 1024 ** 3,
        os: type(),
        node: process.version,
        loadAverage: [loadBefore, loadAfter],
      },
      options: { ...options, deepPage },
      data: generated,
      checks: { parity, responses },
      jwt,
      routes: results,
      explain,
      httpDeepOverFirst: p50('clients-deep') / p50('clients-first'),
      totalS: (performance.now() - t0) / 1000,
    };
    printTable(result);
    const outDir = join(REPO_ROOT, 'bench/out');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, `results-${env.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
    if (options.writeDocs) {
      const doc = writePerformanceDoc(join(REPO_ROOT, 'docs/performance.md'), result);
      say(`wrote ${doc}`);
    }
  } finally {
    process.removeListener('SIGINT', stop);
    await load.close();
    await baseline?.close();
    await env.close();
  }
  say('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
