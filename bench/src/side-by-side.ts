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
  routes: { key: string; label: string; app: LoadSummary; baseline: LoadSummary; main?: LoadSummary }[];
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
  /** A second baseline (bench:bills: a bare server running each route's main query), where it has the route. */
  main?: { url: string; has: (route: R) => boolean };
  /** Runs after the warm-up, before measuring (a debug probe). */
  afterWarmup?: () => Promise<void>;
}): Promise<SideBySideResult> {
  const { load, routes, appUrl, baseUrl, jobOf, settings, say } = args;
  const warm: LoadOptions = { concurrency: settings.concurrency, requests: settings.warmup, timeCapMs: 3000 };
  const servers = (route: R) => [appUrl, baseUrl, ...(args.main?.has(route) ? [args.main.url] : [])];
  for (const route of routes) {
    for (const server of servers(route)) await load.run(await jobOf(server, route, warm));
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
    const order = servers(route);
    const runs = new Map<string, LoadRun[]>(order.map((server) => [server, []]));
    for (let round = 0; round < settings.rounds; round++) {
      // Each round starts with the next server, so none always runs first.
      const turn = order.map((_, i) => order[(i + round) % order.length] as string);
      for (const server of turn) runs.get(server)?.push(await load.run(await jobOf(server, route, measure)));
    }
    const app = summarize(runs.get(appUrl) ?? []);
    const base = summarize(runs.get(baseUrl) ?? []);
    const mainRuns = args.main ? runs.get(args.main.url) : undefined;
    const main = mainRuns ? summarize(mainRuns) : undefined;
    results.push({ key: route.key, label: route.label, app, baseline: base, ...(main ? { main } : {}) });
    say(
      `${route.label}: app ${app.rps.toFixed(0)} req/s p50 ${app.p50Ms.toFixed(2)} ms (${app.errors} errors), baseline ${base.rps.toFixed(0)} req/s p50 ${base.p50Ms.toFixed(2)} ms (${base.errors} errors)${main ? `, main query ${main.rps.toFixed(0)} req/s p50 ${main.p50Ms.toFixed(2)} ms (${main.errors} errors)` : ''}`,
    );
  }
  return { routes: results, loadAverage: [loadBefore, loadavg()[0] ?? 0] };
}
