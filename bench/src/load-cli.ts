import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * What the load benchmarks (bench:bills, bench:workflow) share on their command line: the load run's
 * flags, parsed as positive integers, and the servers started on a free port of 127.0.0.1.
 */
export const LOAD_FLAGS = {
  requests: { type: 'string' },
  concurrency: { type: 'string' },
  'time-cap': { type: 'string' },
  rounds: { type: 'string' },
  warmup: { type: 'string' },
  'no-docs': { type: 'boolean' },
} as const;

/** A flag's value as a positive integer, or the fallback when it was not given. */
export function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`expected a positive integer, got ${value}`);
  return n;
}

/** The load run's settings from the parsed LOAD_FLAGS, with each benchmark's own defaults. */
export function loadSettings(
  values: { [K in keyof typeof LOAD_FLAGS]?: K extends 'no-docs' ? boolean : string },
  defaults: { requests: number; concurrency: number; timeCapS: number; rounds: number; warmup: number },
) {
  return {
    requests: positiveInt(values.requests, defaults.requests),
    concurrency: positiveInt(values.concurrency, defaults.concurrency),
    timeCapS: positiveInt(values['time-cap'], defaults.timeCapS),
    rounds: positiveInt(values.rounds, defaults.rounds),
    warmup: positiveInt(values.warmup, defaults.warmup),
    writeDocs: values['no-docs'] !== true,
  };
}

/** Starts a server on a free port of 127.0.0.1 and answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
