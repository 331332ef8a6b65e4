/**
 * A small, dependency-free load driver: `concurrency` loops share a budget of `requests`; each loop
 * starts its next request when the previous one ends (closed model). It stops by itself at the count
 * or at the time cap, whichever comes first, and reports latencies measured with performance.now().
 */

export interface LoadOptions {
  concurrency: number;
  requests: number;
  /** Stop starting new requests after this long. */
  timeCapMs: number;
}

/** One request; `slot` (0..concurrency-1) names the loop, for state a loop keeps (a token chain). */
export type RequestFn = (slot: number) => Promise<boolean>;

export interface LoadSummary {
  count: number;
  errors: number;
  elapsedMs: number;
  /** Completed requests per second over the whole run. */
  rps: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** 'time' when a run hit its time cap before its count. */
  stoppedBy: 'count' | 'time';
  /** Server CPU per request (null when not measured). */
  cpuMsPerRequest: number | null;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** The raw outcome of one run: every latency in completion order. */
export interface LoadRun {
  latencies: number[];
  errors: number;
  elapsedMs: number;
  stoppedBy: 'count' | 'time';
  /** CPU time the server side spent on the run, when the caller could measure it. */
  serverCpuMs?: number | null;
}

/** One summary over one or more runs (rounds of the same measurement): latencies pooled, time summed. */
export function summarize(runs: readonly LoadRun[]): LoadSummary {
  const sorted = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const elapsedMs = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    count: sorted.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    elapsedMs,
    rps: elapsedMs > 0 ? (sorted.length * 1000) / elapsedMs : 0,
    meanMs: sorted.length > 0 ? total / sorted.length : Number.NaN,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    stoppedBy: runs.some((r) => r.stoppedBy === 'time') ? 'time' : 'count',
    cpuMsPerRequest:
      runs.every((r) => typeof r.serverCpuMs === 'number') && sorted.length > 0
        ? runs.reduce((sum, r) => sum + (r.serverCpuMs ?? 0), 0) / sorted.length
        : null,
  };
}

export async function runLoad(request: RequestFn, options: LoadOptions): Promise<LoadRun> {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  let timedOut = false;
  const t0 = performance.now();
  const deadline = t0 + options.timeCapMs;
  const loop = async (slot: number) => {
    while (started < options.requests) {
      if (performance.now() >= deadline) {
        timedOut = true;
        return;
      }
      started++;
      const begin = performance.now();
      const ok = await request(slot).catch(() => false);
      latencies.push(performance.now() - begin);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, slot) => loop(slot)));
  return { latencies, errors, elapsedMs: performance.now() - t0, stoppedBy: timedOut ? 'time' : 'count' };
}
