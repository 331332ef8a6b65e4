import { writeMarkedSection } from '../performance-doc.ts';

interface PageFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
}

export interface WebResult {
  date: string;
  machine: { cores: number; cpu: string; memoryGb: number };
  chromium: string;
  lighthouse: string;
  /** 1-minute load average before and after: Lighthouse's timings suffer on a busy machine. */
  loadAverage: number[];
  rounds: number;
  pages: { name: string; app: PageFigures; baseline: PageFigures; appScores: number[] }[];
}

const START = '<!-- bench:web:start -->';
const END = '<!-- bench:web:end -->';
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (value: number) => `${Math.round(value)} KB`;

function render(r: WebResult): string {
  const row = (name: string, label: string, f: PageFigures, runs?: number[]) =>
    `| ${name} | ${label} | **${f.score}**${runs ? ` (${runs.join(', ')})` : ''} | ${ms(f.fcpMs)} | ${ms(f.lcpMs)} | ${ms(f.tbtMs)} | ${f.cls.toFixed(3)} | ${kb(f.transferKb)} |`;
  return [
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine.cores} × ${r.machine.cpu}, ${r.machine.memoryGb} GB; ${r.chromium}, Lighthouse ${r.lighthouse} (desktop preset, performance only, HTTP cache emptied before each run); median of ${r.rounds} runs; load average ${r.loadAverage.map((l) => l.toFixed(1)).join(' → ')}.`,
    '',
    '| Page | Served | Performance | First contentful paint | Largest contentful paint | Total blocking time | Layout shift | Transferred |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.pages.flatMap((p) => [
      row(p.name, 'app (brotli/gzip, as served)', p.app, p.appScores),
      row('', 'baseline: uncompressed', p.baseline),
    ]),
  ].join('\n');
}

/** Replaces (or adds) the Lighthouse section of docs/performance.md. */
export function writeWebSection(path: string, r: WebResult): string {
  return writeMarkedSection(path, {
    start: START,
    end: END,
    figures: render(r),
    whenNew: (_doc, body) =>
      `\n## Lighthouse\n\n\`npm run build && npm run bench:web\` (flags after \`-w @bp/bench --\`: \`--rounds N --no-docs --save-reports DIR\`, the last keeping each run's Lighthouse report as JSON). The compiled server on a new PGlite data folder with the demo data; the sign-in page signed out, the billing queue and a bill page as manager@demo.test, signed in through the form first; each page audited with an empty HTTP cache.\n\n${body}\n`,
  });
}
