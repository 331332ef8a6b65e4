import { loadavg } from 'node:os';
import type { HttpJob, HttpLoad } from './http-load.ts';
import { type LoadOptions, type LoadRun, type LoadSummary, summarize } from './load.ts';

/** A route measured against the app and against its baseline server. */
export interface SideBySideRoute {
  key: string;
  label: string;
}

export interface SideBySideSettings {
  concurrency: number;
  /** Requests per route before measuring, on each server. */
  warmup: number;
  /** Requests per route and server, over all rounds. */
  requests: number;
  rounds: number;
  timeCapS: number;
}

export interface SideBySideResult {
  routes: { key: string; label: string; app: LoadSummary; baseline: LoadSummary }[];
  /** The 1-minute load average before and after the measured runs (a busy machine shows here). */
  loadAverage: [number, number];
}

/**
 * The load benchmarks' measurement: every route warmed up on both servers, then measured in rounds that
 * alternate which server goes first (so neither always runs on a warmer cache or a quieter machine),
 * each server's rounds pooled into one summary.
 */
export async function measureSideBySide<R extends SideBySideRoute>(args: {
  load: HttpLoad;
  routes: readonly R[];
  appUrl: string;
  baseUrl: string;
  jobOf: (server: string, route: R, options: LoadOptions) => Promise<HttpJob>;
  settings: SideBySideSettings;
  say: (line: string) => void;
  /** Runs after the warm-up, before measuring (a debug probe). */
  afterWarmup?: () => Promise<void>;
}): Promise<SideBySideResult> {
  const { load, routes, appUrl, baseUrl, jobOf, settings, say } = args;
  const warm: LoadOptions = { concurrency: settings.concurrency, requests: settings.warmup, timeCapMs: 3000 };
  for (const route of routes) {
    await load.run(await jobOf(appUrl, route, warm));
    await load.run(await jobOf(baseUrl, route, warm));
  }
  say('warmed up');
  await args.afterWarmup?.();
  const measure: LoadOptions = {
    concurrency: settings.concurrency,
    requests: Math.ceil(settings.requests / settings.rounds),
    timeCapMs: (settings.timeCapS * 1000) / settings.rounds,
  };
  const loadBefore = loadavg()[0] ?? 0;
  const results: SideBySideResult['routes'] = [];
  for (const route of routes) {
    const appRuns: LoadRun[] = [];
    const baseRuns: LoadRun[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      const order = round % 2 === 0 ? [appUrl, baseUrl] : [baseUrl, appUrl];
      for (const server of order) {
        const run = await load.run(await jobOf(server, route, measure));
        (server === appUrl ? appRuns : baseRuns).push(run);
      }
    }
    const app = summarize(appRuns);
    const base = summarize(baseRuns);
    results.push({ key: route.key, label: route.label, app, baseline: base });
    say(
      `${route.label}: app p50 ${app.p50Ms.toFixed(2)} ms (${app.errors} errors), baseline p50 ${base.p50Ms.toFixed(2)} ms (${base.errors} errors)`,
    );
  }
  return { routes: results, loadAverage: [loadBefore, loadavg()[0] ?? 0] };
}
