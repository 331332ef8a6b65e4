import type { GenerateBillsResult } from '../generate-bills.ts';
import type { LoadSummary } from '../load.ts';
import { planLines, writeMarkedSection } from '../performance-doc.ts';
import type { StatementPlan } from './explain-statements.ts';

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
  routes: { key: string; label: string; app: LoadSummary; baseline: LoadSummary }[];
  plans: { route: string; statements: StatementPlan[] }[];
  totalS: number;
}

const n = (x: number) => x.toLocaleString('en-US');
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');

export function renderBillsSection(r: BillsBenchResult): string {
  const d = r.data;
  const lines: string[] = [];
  lines.push(
    `- Date: ${r.date.slice(0, 16).replace('T', ' ')} UTC; whole run ${r.totalS.toFixed(0)} s; ${r.machine.cores} cores (${r.machine.cpu}); ${r.serverVersion.split(',')[0]}.`,
    `- Data: ${n(d.organizations)} organisations, ${n(d.clients)} clients, ${n(d.bills)} bills with ${n(d.lines)} lines, ${n(d.events)} events and ${n(d.messages)} messages, generated in ${(d.ms / 1000).toFixed(0)} s. The measured user's organisation (Demo Family Office) holds ${n(Object.values(d.demoBillsByStatus).reduce((a, b) => a + b, 0))} of them (${n(d.demoBillsByStatus.org_approval ?? 0)} in org approval).`,
    `- Load: ${JSON.stringify({ requests: r.options.requests, concurrency: r.options.concurrency, rounds: r.options.rounds, timeCapS: r.options.timeCapS })}; 1-minute load average ${r.loadAverage[0].toFixed(1)} → ${r.loadAverage[1].toFixed(1)}.`,
    `- Baseline: the app's own statements for the request, recorded once and replayed with the same parameters by a bare Fastify (no guard, no zod, no Drizzle), answering the recorded body. Approve replays the recorded bill's statements with the ids of a new bill each time, in one transaction. Statements per request: ${r.parity.map((p) => `${p.route.replace(/^(GET|POST) …/, '')} ${p.statements}${p.same ? '' : ' (differs between bills!)'}`).join('; ')}.`,
    '',
    '| Route | Server | Requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | p50 ÷ baseline | p95 ÷ baseline |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const route of r.routes) {
    for (const [name, s] of [
      ['app', route.app],
      ['baseline', route.baseline],
    ] as const) {
      lines.push(
        `| ${name === 'app' ? route.label : ''} | ${name} | ${n(s.count)}${s.stoppedBy === 'time' ? ' ⏱' : ''} | ${s.rps.toFixed(0)} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.p99Ms)} | ${ms(s.maxMs)} | ${s.errors} | ${name === 'app' ? ratio(route.app.p50Ms, route.baseline.p50Ms) : '1.00×'} | ${name === 'app' ? ratio(route.app.p95Ms, route.baseline.p95Ms) : '1.00×'} |`,
      );
    }
  }
  const route = (key: string) => r.routes.find((x) => x.key === key);
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
  lines.push('');
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
