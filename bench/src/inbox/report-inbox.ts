import { writeMarkedSection } from '../performance-doc.ts';
import type { ListResult } from './inbox-list.ts';
import type { IngestRun } from './smtp-ingest.ts';

export interface InboxBenchResult {
  date: string;
  kind: 'pglite' | 'postgres';
  machine: { cores: number; cpu: string; memoryGb: number };
  node: string;
  loadAverage: [number, number];
  messages: number;
  concurrency: number;
  emails: number;
  rounds: number;
  baseline: IngestRun;
  server: IngestRun;
  list: ListResult[];
}

const START = '<!-- bench:inbox start -->';
const END = '<!-- bench:inbox end -->';
const f = (n: number, digits = 1) => n.toFixed(digits);

function render(r: InboxBenchResult): string {
  const ingestRow = (name: string, run: IngestRun) =>
    `| ${name} | ${f(run.acceptedPerSecond)} | ${run.filedSeconds === null ? '—' : f(run.filedSeconds)} | ${f(run.rssBeforeMb, 0)} | ${f(run.rssMeanMb, 0)} | ${f(run.rssPeakMb, 0)} |`;
  return [
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine.cores} × ${r.machine.cpu}, ${r.machine.memoryGb} GB, Node ${r.node}, ${r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}; load average ${r.loadAverage.map((l) => l.toFixed(1)).join(' → ')}.`,
    '',
    `SMTP ingest: ${r.messages} messages, each with a 200 KB PDF, over ${r.concurrency} connections. Accepted = 250 answers per second (the receiver answers once the raw message is stored); filed = seconds until every message is parsed into the inbox. Memory is the receiving process's resident set while the messages arrive (sampled every 50 ms).`,
    '',
    '| Receiver | Accepted / s | All filed (s) | RSS before (MB) | RSS mean (MB) | RSS peak (MB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ingestRow('Baseline: bare smtp-server writing each message to a file', r.baseline),
    ingestRow('The server (compiled, `npm start`)', r.server),
    '',
    `Ratio: the server accepts at ${f(r.server.acceptedPerSecond / r.baseline.acceptedPerSecond, 2)}× the bare receiver's rate.`,
    '',
    `Inbox list at ${r.emails.toLocaleString('en-US')} e-mails (one PDF each) across Demo Family Office's clients: \`GET /v1/inbox/organizations/{organizationGuid}/emails\` through the whole app (signed in, access guard, count, page, attachments, JSON), median of ${r.rounds}, beside the bare SQL of the same page of rows (no count, no attachments).`,
    '',
    '| Request | Rows matched | Median (ms) | p95 (ms) | Bare SQL median (ms) | Ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.list.map(
      (l) =>
        `| ${l.name} | ${l.count.toLocaleString('en-US')} | ${f(l.medianMs)} | ${f(l.p95Ms)} | ${f(l.baselineMedianMs)} | ${f(l.medianMs / Math.max(l.baselineMedianMs, 0.01))}× |`,
    ),
  ].join('\n');
}

/** Replaces (or adds) the inbound-mail section of docs/performance.md. */
export function writeInboxSection(path: string, r: InboxBenchResult): string {
  return writeMarkedSection(path, {
    start: START,
    end: END,
    figures: render(r),
    whenNew: (_doc, body) =>
      `\n## Inbound mail (pre-bill inbox)\n\n\`npm run build -w @bp/api && npm run bench:inbox\` (add \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\` for PostgreSQL, on throwaway databases; flags after \`--\`: \`--messages N --concurrency C --emails N --rounds N --no-docs\`).\n\n${body}\n`,
  });
}
