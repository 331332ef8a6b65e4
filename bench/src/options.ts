import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Clients added to Demo Family Office. */
  clients: number;
  /** Requests per measurement (app and baseline each). */
  requests: number;
  concurrency: number;
  /** Each measurement also stops after this many seconds. */
  timeCapS: number;
  /** Each measurement is split in this many rounds, alternating app and baseline. */
  rounds: number;
  /** Warm-up requests per route and server before measuring. */
  warmup: number;
  /** Search term of the client-list search (an infix, as users type it). */
  search: string;
  /** The deep page of the client list (page_size 10). */
  deepPage: number;
  /** Write docs/performance.md (off: print only). */
  writeDocs: boolean;
}

const HELP = `npm run bench -- [--clients N] [--requests N] [--concurrency C] [--time-cap S]
                    [--warmup N] [--rounds N] [--search TERM] [--deep-page P] [--no-docs]
DATABASE_URL set: runs on a new database bp_bench_<timestamp> of that server (dropped at the end).`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a positive integer, got ${value}\n${HELP}`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      clients: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string' },
      'time-cap': { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      search: { type: 'string' },
      'deep-page': { type: 'string' },
      'no-docs': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return null;
  }
  const requests = positiveInt('requests', values.requests, 1500);
  return {
    clients: positiveInt('clients', values.clients, 20_000),
    requests,
    concurrency: positiveInt('concurrency', values.concurrency, 8),
    timeCapS: positiveInt('time-cap', values['time-cap'], 8),
    rounds: positiveInt('rounds', values.rounds, 4),
    warmup: positiveInt('warmup', values.warmup, Math.min(200, Math.ceil(requests / 5))),
    search: values.search ?? 'qvist',
    deepPage: positiveInt('deep-page', values['deep-page'], 1000),
    writeDocs: values['no-docs'] !== true,
  };
}
