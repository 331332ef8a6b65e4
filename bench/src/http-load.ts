import { Worker } from 'node:worker_threads';
import type { LoadOptions, LoadRun } from './load.ts';

/** One load run over HTTP, as the worker thread executes it with global fetch. */
export interface HttpJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Requests go to these in turn instead of `url` (a write that must hit a new object each time). */
  urls?: string[];
  /** JSON body of POST requests. */
  body?: string;
  /** POST /v1/auth/token/refresh: each loop rotates its own chain of refresh tokens, starting here. */
  refreshChain?: string[];
  options: LoadOptions;
}

export type WorkerRequest = { id: number; job: HttpJob };
export type WorkerReply =
  | { id: number; run: LoadRun; clientCpuMs: number | null }
  | { id: number; error: string };

/**
 * Runs the load driver in a worker thread, so the client has its own event loop (and, on two cores,
 * its own core) instead of sharing the server's.
 */
export class HttpLoad {
  readonly #worker = new Worker(new URL('./load-worker.ts', import.meta.url));
  readonly #pending = new Map<
    number,
    { resolve: (reply: { run: LoadRun; clientCpuMs: number | null }) => void; reject: (e: Error) => void }
  >();
  #next = 1;

  constructor() {
    this.#worker.on('message', (reply: WorkerReply) => {
      const waiter = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply);
    });
    this.#worker.on('error', (error) => {
      for (const waiter of this.#pending.values()) waiter.reject(error);
      this.#pending.clear();
    });
  }

  /**
   * One run; `serverCpuMs` is the process's CPU time during the run minus the worker thread's own: the
   * API side (event loop, PGlite, libuv's crypto threads). PostgreSQL's own processes are not in it.
   */
  async run(job: HttpJob): Promise<LoadRun> {
    const id = this.#next++;
    const before = process.cpuUsage();
    const reply = await new Promise<{ run: LoadRun; clientCpuMs: number | null }>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const message: WorkerRequest = { id, job };
      this.#worker.postMessage(message);
    });
    const used = process.cpuUsage(before);
    const processMs = (used.user + used.system) / 1000;
    const serverCpuMs = reply.clientCpuMs === null ? null : Math.max(0, processMs - reply.clientCpuMs);
    return { ...reply.run, serverCpuMs };
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }
}
