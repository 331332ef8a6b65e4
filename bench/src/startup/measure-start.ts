import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** How one start of the server went. */
export interface StartMeasurement {
  /** From spawning the process to the first 200 of /healthz. */
  readyMs: number;
  /** The process's peak resident memory up to ready (VmHWM), in MB. */
  peakMb: number;
  /** Resident memory once idle (after `settleMs`), in MB. */
  idleMb: number;
  /** The peak again after settling: start-up work that runs after listening (jobs) shows here. */
  peakAfterSettleMb: number;
}

export interface StartCommand {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const MB = 1024 * 1024;

/** VmRSS and VmHWM of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS') / MB, peak: kb('VmHWM') / MB };
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts the server as its own process (Node 24 of node_modules, the bench's own `process.execPath`),
 * polls /healthz every 25 ms, reads its memory, and stops it with SIGTERM, as a supervisor would.
 */
export async function measureStart(
  command: StartCommand,
  port: number,
  options: { settleMs: number; timeoutMs: number },
): Promise<StartMeasurement> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: { ...command.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  try {
    const url = `http://127.0.0.1:${port}/healthz`;
    let readyMs: number | null = null;
    while (readyMs === null) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
      if (performance.now() - started > options.timeoutMs)
        throw new Error(`not ready in ${options.timeoutMs} ms`);
      if (await healthy(url)) readyMs = performance.now() - started;
      else await sleep(25);
    }
    const pid = child.pid as number;
    const atReady = memoryOf(pid);
    await sleep(options.settleMs);
    const settled = memoryOf(pid);
    return { readyMs, peakMb: atReady.peak, idleMb: settled.rss, peakAfterSettleMb: settled.peak };
  } finally {
    child.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)]);
    if (code === 'timeout') child.kill('SIGKILL');
  }
}
