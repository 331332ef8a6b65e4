import type { StatementPlan } from '../bills/explain-statements.ts';
import type { LoadSummary } from '../load.ts';
import { planLines, writeMarkedSection } from '../performance-doc.ts';
import type { GenerateWorkflowResult } from './generate-workflow.ts';

export interface WorkflowBenchResult {
  kind: 'pglite' | 'postgres';
  serverVersion: string;
  date: string;
  machine: { cores: number; cpu: string };
  loadAverage: [number, number];
  options: Record<string, unknown>;
  command: string;
  data: GenerateWorkflowResult;
  statements: { route: string; count: number }[];
  routes: { key: string; label: string; app: LoadSummary; baseline: LoadSummary }[];
  plans: { route: string; statements: StatementPlan[] }[];
  totalS: number;
}

const n = (x: number) => x.toLocaleString('en-US');
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');

export function renderWorkflowSection(r: WorkflowBenchResult): string {
  const d = r.data;
  const lines: string[] = [
    `- Command: \`${r.command}\`. Date: ${r.date.slice(0, 16).replace('T', ' ')} UTC; whole run ${r.totalS.toFixed(0)} s; ${r.machine.cores} cores (${r.machine.cpu}); ${r.serverVersion.split(',')[0]}.`,
    `- Data: ${n(d.organizations)} organisations, ${n(d.clients)} clients, ${n(d.tasks)} tasks, ${n(d.reconciliations)} reconciliations, ${n(d.bills)} bills, generated in ${(d.ms / 1000).toFixed(0)} s (${String(r.options.months)} months). The measured user's organisation (Demo Family Office) holds ${n(d.demoTasks)} tasks.`,
    `- Load: ${JSON.stringify({ requests: r.options.requests, concurrency: r.options.concurrency, rounds: r.options.rounds, timeCapS: r.options.timeCapS })}; 1-minute load average ${r.loadAverage[0].toFixed(1)} → ${r.loadAverage[1].toFixed(1)}.`,
    `- Baseline: the app's own statements, recorded once and replayed with the same parameters by a bare Fastify (no guard, no zod, no Drizzle). Statements per request: ${r.statements.map((s) => `${s.route.replace(/^GET …/, '')} ${s.count}`).join('; ')}.`,
    '',
    '| Route | Server | Requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | p50 ÷ baseline | p95 ÷ baseline |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
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
  lines.push(
    ...planLines(r.plans, {
      growingTables: 'a growing table (tasks, reconciliations, bills)',
      summary: 'Plans of every statement (EXPLAIN ANALYZE)',
    }),
  );
  return lines.join('\n');
}

/** Replaces (or adds) this kind's run in the Workflow section of docs/performance.md. */
export function writeWorkflowSection(path: string, r: WorkflowBenchResult): string {
  return writeMarkedSection(path, {
    start: `<!-- bench:workflow-${r.kind}:start -->`,
    end: `<!-- bench:workflow-${r.kind}:end -->`,
    figures: renderWorkflowSection(r),
    whenNew: (doc, body) =>
      (doc.includes('## Workflow') ? '' : '\n## Workflow\n') +
      `\n### Workflow on ${r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}\n\n${body}\n`,
  });
}
