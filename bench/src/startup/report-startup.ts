import { writeMarkedSection } from '../performance-doc.ts';
import type { StartMeasurement } from './measure-start.ts';

export interface StartupResult {
  date: string;
  machine: { cores: number; cpu: string; memoryGb: number };
  /** 1-minute load average before and after: a busy machine slows the starts, not the memory. */
  loadAverage: number[];
  node: string;
  rounds: number;
  settleMs: number;
  runs: {
    kind: 'pglite' | 'postgres';
    variant: 'source' | 'compiled';
    round: number;
    first: StartMeasurement;
    again: StartMeasurement;
  }[];
  medians: {
    kind: 'pglite' | 'postgres';
    variant: 'source' | 'compiled';
    newDataReadyMs: number;
    newDataPeakMb: number;
    readyMs: number;
    peakMb: number;
    idleMb: number;
  }[];
}

const START = '<!-- bench:startup:start -->';
const END = '<!-- bench:startup:end -->';
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

function render(r: StartupResult): string {
  const rows = r.medians.map(
    (m) =>
      `| ${m.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${m.variant === 'compiled' ? '**compiled** (`node dist/server.mjs`)' : 'baseline: source through tsx'} | ${seconds(m.newDataReadyMs)} | ${mb(m.newDataPeakMb)} | ${seconds(m.readyMs)} | ${mb(m.peakMb)} | ${mb(m.idleMb)} |`,
  );
  return [
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine.cores} × ${r.machine.cpu}, ${r.machine.memoryGb} GB, Node ${r.node}; median of ${r.rounds} rounds, idle read ${r.settleMs / 1000} s after ready; load average ${r.loadAverage.map((l) => l.toFixed(1)).join(' → ')}.`,
    '',
    '| Database | Server | New data: ready | New data: peak memory | Existing data: ready | Existing data: peak | Idle |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/** Replaces (or adds) the start-up section of docs/performance.md. */
export function writeStartupSection(path: string, r: StartupResult): string {
  return writeMarkedSection(path, {
    start: START,
    end: END,
    figures: render(r),
    whenNew: (_doc, body) =>
      `\n## Start-up and memory\n\n\`npm run build -w @bp/api && npm run bench:startup\` (add \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test\` for PostgreSQL too, on a throwaway database; flags after \`-w @bp/bench --\`: \`--rounds N --settle-ms MS --no-docs\`). Each server is its own process, started as \`npm start\` starts it; "new data" migrates and seeds the demo data on an empty data folder or database, "existing data" starts again on what that left. Memory is the process's resident set (\`/proc/<pid>/status\`: VmHWM for the peak, VmRSS when idle).\n\n${body}\n`,
  });
}
