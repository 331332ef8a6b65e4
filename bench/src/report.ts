import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ExplainReport, PlanReport } from './explain.ts';
import type { GenerateResult } from './generate.ts';
import type { LoadSummary } from './load.ts';
import type { BenchOptions } from './options.ts';

export interface RouteResult {
  key: string;
  label: string;
  app: LoadSummary;
  baseline: LoadSummary;
  /** p50 ÷ baseline of each round on its own: the spread shows how noisy the machine was. */
  roundRatios: number[];
}

export interface BenchResult {
  kind: 'pglite' | 'postgres';
  databaseName: string | null;
  serverVersion: string;
  date: string;
  /** Commit of the run; dirty = apps/api or packages had uncommitted changes. */
  source: { commit: string; dirty: boolean };
  machine: {
    cores: number;
    cpu: string;
    memoryGb: number;
    os: string;
    node: string;
    /** 1-minute load average before and after the measurements. */
    loadAverage: number[];
  };
  options: BenchOptions;
  data: GenerateResult;
  checks: {
    parity: { route: string; same: boolean | null; app: string[] | null; baseline: string[] }[];
    responses: { route: string; same: boolean; appStatus: number; baselineStatus: number }[];
  };
  jwt: { verifyUs: number; issuePairUs: number };
  routes: RouteResult[];
  explain: ExplainReport;
  /** HTTP p50 of the deep page over the first page, app. */
  httpDeepOverFirst: number;
  totalS: number;
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '–');
const spread = (xs: number[]) =>
  xs.length > 1 ? ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '';
const int = (x: number) => Math.round(x).toLocaleString('en-US');

function resultsTable(result: BenchResult): string {
  const lines = [
    '| Route | Server | Requests | req/s | p50 ms | p95 ms | p99 ms | max ms | API CPU ms/req | p50 ÷ baseline (rounds) | p95 ÷ baseline | req/s ÷ baseline | CPU ÷ baseline |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of result.routes) {
    const row = (server: string, s: LoadSummary, ratios: string[]) =>
      `| ${server === 'app' ? r.label : ''} | ${server} | ${int(s.count)}${s.errors ? ` (${s.errors} errors)` : ''}${
        s.stoppedBy === 'time' ? ' ⏱' : ''
      } | ${int(s.rps)} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.p99Ms)} | ${ms(s.maxMs)} | ${ms(
        s.cpuMsPerRequest ?? Number.NaN,
      )} | ${ratios.join(' | ')} |`;
    lines.push(
      row('app', r.app, [
        `${ratio(r.app.p50Ms / r.baseline.p50Ms)}${spread(r.roundRatios)}`,
        ratio(r.app.p95Ms / r.baseline.p95Ms),
        ratio(r.app.rps / r.baseline.rps),
        ratio((r.app.cpuMsPerRequest ?? Number.NaN) / (r.baseline.cpuMsPerRequest ?? Number.NaN)),
      ]),
    );
    lines.push(row('baseline', r.baseline, ['1.00×', '1.00×', '1.00×', '1.00×']));
  }
  return lines.join('\n');
}

function plansTable(plans: PlanReport[]): string {
  const lines = [
    '| Statement | Plan (top-down) | Seq Scan on clients | Execution ms (median of 5) |',
    '| --- | --- | :---: | ---: |',
  ];
  for (const p of plans) {
    lines.push(
      `| ${p.label} | ${p.shape} | ${p.seqScanOnClients ? '**yes**' : 'no'} | ${p.executionMs.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

const databaseLine = (r: BenchResult) => {
  const version = r.serverVersion.split(' on ')[0];
  return r.kind === 'pglite'
    ? `PGlite in memory (WASM PostgreSQL in the API process, one connection), ${version}`
    : `PostgreSQL on 127.0.0.1, throwaway database \`${r.databaseName}\` (dropped after the run), ` +
        `node-postgres pool of 10, ${version}`;
};

const range = (xs: number[]) =>
  xs.length === 0 ? '–' : `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}×`;

/** The section of one database kind: settings, checks, the table, the EXPLAIN findings. */
export function renderSection(r: BenchResult): string {
  const o = r.options;
  const parityOk = r.checks.parity.every((p) => p.same === true);
  const parityUnknown = r.checks.parity.some((p) => p.same === null);
  const responsesOk = r.checks.responses.every((p) => p.same);
  const e = r.explain;
  const seqScans = e.plans.filter((p) => p.seqScanOnClients).map((p) => p.label);
  const byLabel = (label: string) => e.plans.find((p) => p.label === label);
  const cpuRatios = r.routes
    .map((x) => (x.app.cpuMsPerRequest ?? Number.NaN) / (x.baseline.cpuMsPerRequest ?? Number.NaN))
    .filter(Number.isFinite);
  const rpsRatios = r.routes.map((x) => x.app.rps / x.baseline.rps).filter(Number.isFinite);
  const p50Ratios = r.routes.map((x) => x.app.p50Ms / x.baseline.p50Ms).filter(Number.isFinite);
  const count = byLabel('count');
  const first = byLabel('page 1');
  const countShare =
    count && first
      ? `${((100 * count.executionMs) / (count.executionMs + first.executionMs)).toFixed(0)}%`
      : '–';
  const lines = [
    `- Date: ${r.date.slice(0, 16).replace('T', ' ')} UTC; whole run ${r.totalS.toFixed(0)} s; code at \`${r.source.commit}\`` +
      `${r.source.dirty ? ' plus uncommitted changes in apps/api or packages' : ''}.`,
    `- Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGb.toFixed(1)} GB, ${r.machine.os}, Node ${r.machine.node}; ` +
      'load driver, API and database all on this machine.',
    `- Database: ${databaseLine(r)}.`,
    `- Data: demo seed + ${int(r.data.inserted)} generated clients in Demo Family Office ` +
      `(${int(r.data.archived)} archived, ${int(r.data.listed)} listed), generated in ${(r.data.ms / 1000).toFixed(1)} s.`,
    `- Load: \`--requests ${o.requests} --concurrency ${o.concurrency} --time-cap ${o.timeCapS}\` per route and server, ` +
      `in ${o.rounds} rounds alternating app and baseline, after ${o.warmup} warm-up requests each; ` +
      'HTTP/1.1 keep-alive over 127.0.0.1, fetch from a worker thread.',
    `- Other work on the machine: 1-minute load average ${r.machine.loadAverage.map((x) => x.toFixed(1)).join(' → ')} ` +
      `over the measurements (${r.machine.cores} cores).`,
    `- Checks: SQL parity ${parityOk ? 'identical for every route' : parityUnknown ? 'not captured' : '**DIFFERENT** (see bench/out)'}; ` +
      `response bodies ${responsesOk ? 'identical' : '**DIFFERENT**'} (refresh: both 200).`,
    `- Tokens in isolation (jose, HS256): verify ${r.jwt.verifyUs.toFixed(0)} µs, issue a pair ${r.jwt.issuePairUs.toFixed(0)} µs.`,
    '',
    resultsTable(r),
    '',
    '⏱ = the measurement stopped at its time cap before `--requests`.',
    '',
    `- App overhead: API CPU per request ${range(cpuRatios)} the baseline's, throughput ${range(rpsRatios)}, ` +
      `p50 ${range(p50Ratios)}.`,
    `- The count is ${countShare} of page 1's SQL time (${ms(count?.executionMs ?? Number.NaN)} vs ` +
      `${ms(first?.executionMs ?? Number.NaN)} ms for the page itself).`,
    '',
    `EXPLAIN of the client list (organisation of ${int(r.data.listed)} listed clients, search \`%${o.search}%\`):`,
    '',
    plansTable(e.plans),
    '',
    `- Seq Scan on clients: ${seqScans.length === 0 ? 'none' : `**${seqScans.join(', ')}**`}.`,
    `- Page ${e.deepPage} vs page 1: page query ${ratio(e.deepOverFirst)} ` +
      `(${ms(byLabel(`page ${e.deepPage}`)?.executionMs ?? Number.NaN)} vs ${ms(byLabel('page 1')?.executionMs ?? Number.NaN)} ms); ` +
      `count + page ${ratio(e.deepOverFirstWithCount)}; HTTP p50 of the app ${ratio(r.httpDeepOverFirst)}.`,
  ];
  if (e.trigram.tried) {
    const before = byLabel('search count')?.executionMs ?? Number.NaN;
    const after = e.trigram.plans.find((p) => p.label === 'search count + trgm')?.executionMs ?? Number.NaN;
    lines.push(
      `- What-if, on the throwaway database after the load runs: \`${e.trigram.index}\` (pg_trgm). ` +
        `The search count takes ${ms(after)} ms instead of ${ms(before)} ms (${ratio(before / after)} faster):`,
      '',
      plansTable(e.trigram.plans),
    );
  } else {
    lines.push(`- pg_trgm what-if not tried: ${e.trigram.reason}`);
  }
  return lines.join('\n');
}

/** Plain-text summary on the console. */
export function printTable(r: BenchResult): void {
  console.log(`\n${r.kind}: ${int(r.data.listed)} listed clients, concurrency ${r.options.concurrency}\n`);
  console.log(resultsTable(r));
  console.log('');
  console.log(plansTable(r.explain.plans));
  if (r.explain.trigram.tried) console.log(`\n${plansTable(r.explain.trigram.plans)}`);
  console.log('');
}

const TITLES = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;
const marker = (kind: BenchResult['kind'], end: boolean) => `<!-- bench:${kind}:${end ? 'end' : 'start'} -->`;

function keptSection(previous: string, kind: BenchResult['kind']): string | null {
  const start = previous.indexOf(marker(kind, false));
  const end = previous.indexOf(marker(kind, true));
  if (start < 0 || end < start) return null;
  return previous.slice(start + marker(kind, false).length, end).trim();
}

/** Headings of the `## ` sections this file writes; the others (bills benchmark, web app) are kept. */
const OWN_SECTIONS = [
  'How to run',
  'What is measured',
  'Reading the ratios',
  'Results',
  'Findings and proposals',
];

/** The previous document's `## ` sections written by others, in their order, unchanged. */
function otherSections(previous: string): string[] {
  return previous
    .split(/^(?=## )/m)
    .filter((section) => section.startsWith('## '))
    .filter((section) => !OWN_SECTIONS.includes(section.slice(3, section.indexOf('\n')).trim()))
    .map((section) => section.trim());
}

/**
 * Rewrites docs/performance.md: the fixed text, this run's section for its database kind, the other
 * kind's section as the previous run left it, and the sections other tools wrote after them.
 */
export function writePerformanceDoc(path: string, result: BenchResult): string {
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const sections = (['pglite', 'postgres'] as const).map((kind) => {
    const body =
      kind === result.kind
        ? renderSection(result)
        : (keptSection(previous, kind) ??
          `Not run yet: \`${kind === 'postgres' ? 'DATABASE_URL=… ' : ''}npm run bench\`.`);
    return [`### ${TITLES[kind]}`, '', marker(kind, false), body, marker(kind, true)].join('\n');
  });
  writeFileSync(path, `${[HEAD, ...sections, FINDINGS, ...otherSections(previous)].join('\n\n').trim()}\n`);
  return path;
}

const HEAD = `# Performance

Benchmarks of the API under \`bench/\` (DESIGN.md §8): a data generator plus load runs, reported as
ratios against a bare baseline measured in the same run. Tests never assert timings; these numbers
are for reading, comparing runs and spotting slow paths. The sections below are written by
\`npm run bench\` (the text around them lives in \`bench/src/report.ts\`).

## How to run

\`\`\`sh
npm run bench                                   # PGlite in memory, defaults (about 2 minutes on 2 cores)
DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # PostgreSQL
npm run bench -w @bp/bench -- --clients 50000 --requests 3000 --concurrency 16 --time-cap 20
\`\`\`

With \`DATABASE_URL\` the run creates its own database \`bp_bench_<timestamp>\` on that server and drops
it at the end; it never touches the database named in the URL. Each run rewrites its own section below
and keeps the other one; raw results go to \`bench/out/results-<kind>.json\` (not committed).

## What is measured

One run: migrate and seed the demo data, add \`--clients\` clients to Demo Family Office (multi-row
INSERTs of 1,000, then ANALYZE), start the app (\`buildApp\`, as in production but without logging) and
a bare baseline on two ports of 127.0.0.1, check them, warm up, then measure each route on the app and
on the baseline, one after the other, with the same load: \`--concurrency\` closed loops share
\`--requests\` requests and stop at \`--time-cap\` seconds if not done.

| Route | What the app does |
| --- | --- |
| \`GET /v1/auth/users/me\` | guard: verify the access token, user by guid; handler: user row, features, an MFA organisation, password expiry (5 statements) |
| \`GET …/clients page 1\` | guard: token, user, organisation membership and group permissions; a page of 10 by name with each client's referrer (left join), then the count of the listed clients |
| \`GET …/clients page N\` | the same with \`OFFSET (N-1)*10\` (page 1000 = rows 9,991–10,000) |
| \`GET …/clients search\` | the same with \`name ILIKE '%term%'\` on count and page |
| \`POST /v1/auth/token/refresh\` | verify the refresh token; in a transaction: user row, blacklist insert (rotation); password expiry; sign a new pair. Every loop rotates its own chain of tokens. |

The **baseline** (\`bench/src/baseline.ts\`) is a bare Fastify on the same database and connection:
no guard, no zod, no helmet, no request ids, no Drizzle. It sends **the same statements** to the driver
(\`bench/src/sql.ts\`) and answers with **the same bodies**; before measuring, the run captures the SQL
the app really sends and compares it with the baseline's (*SQL parity*), and compares the two responses.
It reads the token's claims without checking the signature and does not sign new tokens.

## Reading the ratios

- \`p50 ÷ baseline\` and \`p95 ÷ baseline\`: the app's latency over the baseline's for the same route in
  the same run. 1.00× would mean the app adds nothing to its SQL and HTTP; the excess is the app's own
  work: JWT checks and signing, the access guard, zod validation and serialisation, helmet headers,
  request ids, Drizzle's result mapping.
- In brackets after the p50 ratio: the ratio of each round alone, min–max. A wide spread means other
  work on the machine moved the numbers; trust the CPU ratio more then.
- \`req/s ÷ baseline\`: throughput at the same concurrency (below 1 = the app serves fewer requests).
- \`API CPU ms/req\` and \`CPU ÷ baseline\`: CPU time of the API process per request (the whole process
  minus the load driver's thread, from \`process.cpuUsage\` and \`/proc/thread-self/stat\`). On PGlite it
  includes the database, which runs in the process; on PostgreSQL it leaves out the server's own work.
  Waiting for a core does not count, so it is the steadiest number on a busy machine.
- A ratio close to 1 on a slow route means the time is in the database, not in the app: look at the
  EXPLAIN findings. A high ratio on a fast route is app overhead, usually token crypto (see the
  isolated token costs) — it is a fixed cost per request.
- Compare ratios, not absolute numbers, between machines and runs; the load driver shares the
  machine's two cores with the API (and with PostgreSQL).

## Results`;

const FINDINGS = `## Findings and proposals

Read with the tables above. Since the first run, migration 0003 added the partial index
\`clients_org_active_name_idx\` and the trigram index \`clients_name_trgm_idx\` (points 1 and 2): the
PostgreSQL section was measured with them (page 1000 now walks the partial index; the planner still
scans for a count covering nearly every row, which is cheap at this size). The PGlite section predates
them. Points 3–5 are open.

1. **Every page of the client list counts the whole list — a Seq Scan on \`clients\` per request.**
   \`select count(*) … where organization_id = $1 and archived_at is null\` reads every client of the
   organisation on each page request; with 19,400 listed clients it is nearly all of page 1's SQL time
   (the page itself walks \`clients_org_name_idx\` and stops after 10 rows). The planner is right to scan:
   the organisation holds almost every row, and no index covers the count. Options, cheapest first:
   return \`count\` on page 1 only (or cache it per organisation for a short time); a partial index
   \`(organization_id, name, id) WHERE archived_at IS NULL\`, which lets the count run as an index-only
   scan (still every entry, but from a small index instead of the table, as long as VACUUM keeps the
   visibility map current) and gives the page its exact \`name, id\` order without the incremental sort;
   an estimate past a threshold.
2. **Search by name has no usable index.** \`name ILIKE '%term%'\` (an infix match, as users type it)
   cannot use a btree, so the search count is a Seq Scan on \`clients\` too, and the search page walks
   the name index filtering every row until it has 10 matches (rare terms walk far). Proposed migration:

   \`\`\`sql
   CREATE EXTENSION IF NOT EXISTS pg_trgm;
   CREATE INDEX clients_name_trgm_idx ON clients USING gin (name gin_trgm_ops);
   \`\`\`

   The PostgreSQL section measures it on the run's throwaway database: the search count becomes a
   Bitmap Index Scan on the trigram index. Trigram indexes help terms of 3+ characters; PGlite needs its
   \`pg_trgm\` contrib extension passed to \`PGlite.create\` in \`openDatabase\` for the same migration.
3. **Deep pages cost in proportion to the offset.** \`OFFSET (page-1)*10\` reads and discards every earlier
   row (index entry, heap row, referrer join): page 1000 of the page query costs a few hundred times page 1.
   End to end it shows less (the count of point 1 dominates both). Keyset pagination
   (\`WHERE (name, id) > ($last_name, $last_id)\`) makes every page cost what page 1 costs; it changes the
   paging contract (\`next\` as a cursor), so it is a design decision, not a tuning.
4. **\`GET /v1/auth/users/me\` sends 5 statements where 3 would do.** The guard selects the user by guid,
   the handler selects the full row by guid again, and the MFA and password-expiry checks are two joins of
   the same memberships. Passing the guard's row on (or selecting the full row in the guard) and merging the
   two joins would save two round trips per profile read; it matters most on PostgreSQL, where each one is
   a network round trip.
5. **Fixed cost per request: the app uses about twice the baseline's CPU in the API process.** On
   PostgreSQL (where the database's work is outside the process) the app's CPU per request was 2–2.7×
   the bare server's for the same statements and bodies: HS256 verification on every request, the guard,
   zod validation and serialisation, helmet's headers, request ids and Drizzle's row mapping. On two cores
   shared with the database this is what caps throughput on the fast routes; nothing stands out as a
   single culprit beyond the token crypto on the token routes (verify plus signing a new pair on refresh,
   see the isolated token costs). Worth re-measuring when routes are added, not worth tuning now.`;
