import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { minimalPdf } from '../../../apps/api/src/test/minimal-pdf.ts';

/** How one ingest run went. */
export interface IngestRun {
  messages: number;
  /** Accepted (250) per second, from the first connection to the last answer. */
  acceptedPerSecond: number;
  /** Resident memory of the receiving process: before, peak (VmHWM) and mean while sending, in MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
  rssMeanMb: number;
  /** Seconds from the first message to every message filed in the inbox (null for the baseline). */
  filedSeconds: number | null;
}

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS') / MB, peak: kb('VmHWM') / MB };
}

/** A 200 KB invoice PDF (text, then padding), as a vendor's system sends one. */
export const INVOICE_PDF = minimalPdf(
  ['Pacific Power & Light', 'Invoice Number: BENCH-1', 'Amount Due: $182.40', 'Due Date: 12/31/2030'],
  200 * 1024,
);

/** Starts a process and waits until `ready` says so; stops it on `stop()`. */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
  cwd: string,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-4000);
  });
  const started = Date.now();
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}): ${stderr}`);
    if (Date.now() - started > 120_000) throw new Error(`not ready in 120 s: ${stderr}`);
    await sleep(100);
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

/**
 * Sends `messages` e-mails with the 200 KB PDF to `to` over `concurrency` pooled SMTP connections,
 * sampling the receiver's memory every 50 ms, then waits (when `filed` is given) until they are filed.
 */
export async function ingest(
  pid: number,
  smtpPort: number,
  to: string,
  messages: number,
  concurrency: number,
  filed?: () => Promise<number>,
): Promise<IngestRun> {
  const before = memoryOf(pid).rss;
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(memoryOf(pid).rss), 50);
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    ignoreTLS: true,
    pool: true,
    maxConnections: concurrency,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: messages }, (_, i) =>
        transport.sendMail({
          from: '"Pacific Power & Light" <billing@pacificpower.test>',
          to,
          subject: `Bench invoice ${i + 1}`,
          text: 'Your bill is attached.',
          attachments: [
            { filename: `invoice-${i + 1}.pdf`, content: INVOICE_PDF, contentType: 'application/pdf' },
          ],
        }),
      ),
    );
    const acceptedSeconds = (performance.now() - started) / 1000;
    let filedSeconds: number | null = null;
    if (filed) {
      while ((await filed()) < messages) await sleep(100);
      filedSeconds = (performance.now() - started) / 1000;
    }
    clearInterval(sampler);
    samples.push(memoryOf(pid).rss);
    return {
      messages,
      acceptedPerSecond: messages / acceptedSeconds,
      rssBeforeMb: before,
      rssPeakMb: Math.max(...samples),
      rssMeanMb: samples.reduce((a, b) => a + b, 0) / samples.length,
      filedSeconds,
    };
  } finally {
    clearInterval(sampler);
    transport.close();
  }
}
