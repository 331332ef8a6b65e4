import type { GenerateBillsResult } from '../generate-bills.ts';
import type { LoadSummary } from '../load.ts';
import { planLines, writeMarkedSection } from '../performance-doc.ts';
import type { StatementPlan } from './explain-statements.ts';

export interface MeasuredRoute {
  key: string;
  label: string;
  app: LoadSummary;
  baseline: LoadSummary;
  main?: LoadSummary;
}

/** Issue 12 item 2: throughput of the app ≥ 0.8× the replay and ≥ 0.5× the route's main query. */
export const GOALS = { replay: 0.8, main: 0.5 } as const;

export interface BillsBenchResult {
  kind: 'pglite' | 'postgres';
  serverVersion: string;
  date: string;
  machine: { cores: number; cpu: string };
  loadAverage: [number, number];
  options: Record<string, unknown>;
  data: GenerateBillsResult;
  deepPage: number;
  /** The deep page of the paid advanced search (absent in runs before keyset paging). */
  searchDeepPage?: number;
  /** Statements per request; for approve, whether a second bill sent the same statements. */
  parity: { route: string; statements: number; same: boolean }[];
  /** One measurement per concurrency (connections at once). */
  runs: { concurrency: number; routes: MeasuredRoute[] }[];
  /** Each route's main query, in words (the second baseline). */
  mainQueries: { route: string; what: string }[];
  /** What a small book could not feed, and why. */
  skipped: string[];
  plans: { route: string; statements: StatementPlan[] }[];
  totalS: number;
}

const n = (x: number) => x.toLocaleString('en-US');
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');

const rpsRatio = (a: LoadSummary, b: LoadSummary | undefined) => (b ? a.rps / b.rps : Number.NaN);

const connections = (n: number) => `${n} connection${n === 1 ? '' : 's'}`;

function goalLines(r: BillsBenchResult): string[] {
  const lines: string[] = [];
  for (const run of r.runs) {
    const missed: string[] = [];
    let met = 0;
    for (const route of run.routes) {
      if (!route.main) continue;
      const replay = rpsRatio(route.app, route.baseline);
      const main = rpsRatio(route.app, route.main);
      if (replay >= GOALS.replay && main >= GOALS.main) met++;
      else
        missed.push(
          `${route.label.replace(/^GET …/, '')} (${replay.toFixed(2)}× replay, ${main.toFixed(2)}× main query)`,
        );
    }
    lines.push(
      `- At ${connections(run.concurrency)}: throughput goal (≥ ${GOALS.replay}× replay and ≥ ${GOALS.main}× main query) met on ${met} of ${met + missed.length} read routes${missed.length > 0 ? `; not on ${missed.join(', ')}` : ''}.`,
    );
  }
  return lines;
}

export function renderBillsSection(r: BillsBenchResult): string {
  const d = r.data;
  const lines: string[] = [];
  lines.push(
    `- Date: ${r.date.slice(0, 16).replace('T', ' ')} UTC; whole run ${r.totalS.toFixed(0)} s; ${r.machine.cores} cores (${r.machine.cpu}); ${r.serverVersion.split(',')[0]}.`,
    `- Data: ${n(d.organizations)} organisations, ${n(d.clients)} clients, ${n(d.bills)} bills with ${n(d.lines)} lines, ${n(d.events)} events and ${n(d.messages)} messages, generated in ${(d.ms / 1000).toFixed(0)} s. The measured user's organisation (Demo Family Office) holds ${n(Object.values(d.demoBillsByStatus).reduce((a, b) => a + b, 0))} of them (${n(d.demoBillsByStatus.org_approval ?? 0)} in org approval).`,
    `- Load: ${JSON.stringify({ requests: r.options.requests, concurrencies: r.options.concurrencies, rounds: r.options.rounds, timeCapS: r.options.timeCapS })}; 1-minute load average ${r.loadAverage[0].toFixed(1)} → ${r.loadAverage[1].toFixed(1)}.`,
    `- Replay baseline: the app's own statements for the request, recorded once and replayed with the same parameters by a bare Fastify (no guard, no zod, no Drizzle), answering the recorded body. Approve replays the recorded bill's statements with the ids of a new bill each time, in one transaction. Statements per request: ${r.parity.map((p) => `${p.route.replace(/^(GET|POST) …/, '')} ${p.statements}${p.same ? '' : ' (differs between bills!)'}`).join('; ')}.`,
    `- Main-query baseline (\`bench/src/bills/main-queries.ts\`): a bare \`node:http\` server on the same pool running only the route's central read, hand-written, and answering its rows as JSON: ${r.mainQueries.map((m) => `${m.route.replace(/^GET …/, '')}: ${m.what}`).join('; ')}.`,
    ...(r.skipped.length > 0 ? [`- Not measured (book too small): ${r.skipped.join('; ')}.`] : []),
  );
  for (const run of r.runs) {
    lines.push(
      '',
      `**${connections(run.concurrency)}**`,
      '',
      '| Route | Server | Requests | req/s | p50 ms | p95 ms | p99 ms | errors | req/s ÷ replay | req/s ÷ main query | p50 ÷ replay |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const route of run.routes) {
      const servers: [string, LoadSummary | undefined][] = [
        ['app', route.app],
        ['replay', route.baseline],
        ['main query', route.main],
      ];
      for (const [name, s] of servers) {
        if (!s) continue;
        const first = name === 'app';
        lines.push(
          `| ${first ? route.label : ''} | ${name} | ${n(s.count)}${s.stoppedBy === 'time' ? ' ⏱' : ''} | ${s.rps.toFixed(0)} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.p99Ms)} | ${s.errors} | ${first ? ratio(s.rps, route.baseline.rps) : ''} | ${first && route.main ? ratio(s.rps, route.main.rps) : ''} | ${first ? ratio(s.p50Ms, route.baseline.p50Ms) : ''} |`,
        );
      }
    }
  }
  lines.push('', ...goalLines(r));
  // Page-N-over-page-1 and the memo target at the lowest concurrency measured.
  const first = r.runs[0];
  const route = (key: string) => first?.routes.find((x) => x.key === key);
  const deepLine = (
    what: string,
    page: number | undefined,
    firstKey: string,
    offsetKey: string,
    cursorKey: string,
  ) => {
    const first = route(firstKey);
    const offset = route(offsetKey);
    const cursor = route(cursorKey);
    if (!first || !offset) return;
    const parts = [
      `by offset ${ratio(offset.app.p50Ms, first.app.p50Ms)} (p95 ${ratio(offset.app.p95Ms, first.app.p95Ms)})`,
    ];
    if (cursor)
      parts.push(
        `by cursor ${ratio(cursor.app.p50Ms, first.app.p50Ms)} (p95 ${ratio(cursor.app.p95Ms, first.app.p95Ms)})`,
      );
    lines.push(`- ${what}: page ${page} over page 1 (app p50): ${parts.join('; ')}.`);
  };
  if (first) lines.push('', `At ${connections(first.concurrency)}:`, '');
  deepLine('Org-approval queue', r.deepPage, 'queue-first', 'queue-deep', 'queue-deep-cursor');
  deepLine('Advanced search, paid', r.searchDeepPage, 'search-first', 'search-deep', 'search-deep-cursor');
  const memo = route('search-memo');
  if (memo) {
    lines.push(
      `- Memo search: app p95 ${ms(memo.app.p95Ms)} ms (target ≤ 50 ms), p50 ${ms(memo.app.p50Ms)} ms.`,
    );
  }
  const counts = r.plans.flatMap((p) =>
    p.statements
      .filter((s) => /^select count\(\*\) from \(select 1/i.test(s.sql))
      .map(
        (s) =>
          `${p.route.replace(/^GET …/, '')} ${s.executionMs === null ? '–' : s.executionMs.toFixed(2)} ms`,
      ),
  );
  if (counts.length > 0) {
    lines.push(`- Counts (up to 1,001 rows, then "1,000+"), EXPLAIN ANALYZE: ${counts.join('; ')}.`);
  }
  lines.push(
    ...planLines(r.plans, {
      growingTables: 'a table that grows with the bills',
      summary: 'Plans of every statement',
    }),
  );
  return lines.join('\n');
}

/** Replaces (or adds) this kind's bills section of docs/performance.md. */
export function writeBillsSection(path: string, r: BillsBenchResult): string {
  return writeMarkedSection(path, {
    start: `<!-- bench:bills-${r.kind}:start -->`,
    end: `<!-- bench:bills-${r.kind}:end -->`,
    figures: renderBillsSection(r),
    whenNew: (doc, body) =>
      (doc.includes('## Bills')
        ? ''
        : `\n## Bills\n\n\`npm run bench:bills\` (PGlite, 50,000 bills) or \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:bills\` (PostgreSQL, a new throwaway database, 1,000,000 bills). Flags after \`-w @bp/bench --\`: \`--bills N --clients N --organizations N --requests N --concurrency C --time-cap S --rounds N --warmup N --no-docs\`.\n`) +
      `\n### Bills on ${r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}\n\n${body}\n`,
  });
}
