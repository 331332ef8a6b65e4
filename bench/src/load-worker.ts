import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { HttpJob, WorkerReply, WorkerRequest } from './http-load.ts';
import { type RequestFn, runLoad } from './load.ts';

/** Builds the request function of a job: plain requests, or a refresh-token chain per loop. */
function requestOf(job: HttpJob): RequestFn {
  const { url, method, headers } = job;
  const chain = job.refreshChain;
  if (chain) {
    return async (slot) => {
      const token = chain[slot % chain.length] ?? '';
      const res = await fetch(url, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: token }),
      });
      const body = (await res.json()) as { refresh?: unknown };
      if (res.status !== 200 || typeof body.refresh !== 'string') return false;
      chain[slot % chain.length] = body.refresh;
      return true;
    };
  }
  const { urls, body } = job;
  let next = 0;
  const sendHeaders = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  return async () => {
    const target = urls ? (urls[next++ % urls.length] ?? url) : url;
    const res = await fetch(target, { method, headers: sendHeaders, body });
    await res.arrayBuffer();
    return res.status === 200;
  };
}

/** CPU time of this thread (Linux: utime + stime of /proc/thread-self/stat, in 10 ms ticks), or null. */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

parentPort?.on('message', async ({ id, job }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const before = threadCpuMs();
    const run = await runLoad(requestOf(job), job.options);
    const after = threadCpuMs();
    reply = { id, run, clientCpuMs: before === null || after === null ? null : after - before };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
