// `npm run bench:startup`: how fast and how small the server starts (issue 12, item 4), the compiled
// build (`npm run build -w @bp/api`, what `npm start` runs) beside the baseline of the same sources run
// through the runtime TypeScript compiler (tsx), on a new data folder (migrate and seed the demo data)
// and again on the data it left. PostgreSQL too when DATABASE_URL is set (a throwaway database, dropped
// at the end and on Ctrl-C). Writes its section of docs/performance.md unless --no-docs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { COMPILED_SERVER, compiledServerStart } from '../compiled-server.ts';
import { freshPostgres } from '../setup.ts';
import { measureStart, type StartCommand, type StartMeasurement } from './measure-start.ts';
import { type StartupResult, writeStartupSection } from './report-startup.ts';

const REPO_ROOT = join(import.meta.dirname, '../../..');

const compiled = compiledServerStart();
const VARIANTS = {
  compiled,
  // What `npm start` ran before: the sources through the runtime compiler, with Node's defaults.
  source: { args: ['--import', 'tsx', join(REPO_ROOT, 'apps/api/src/server.ts')], env: {} },
} as const;
type Variant = keyof typeof VARIANTS;

function argValue(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number`);
  return value;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function main() {
  if (!existsSync(COMPILED_SERVER)) {
    console.error('No compiled server: run `npm run build -w @bp/api` first.');
    process.exitCode = 1;
    return;
  }
  const rounds = argValue('--rounds', 2);
  const settleMs = argValue('--settle-ms', 8000);
  const writeDocs = !process.argv.includes('--no-docs');
  const port = 18_400 + Math.floor(Math.random() * 500);
  const databaseUrl = process.env.DATABASE_URL;
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch((e: unknown) => console.error(e));
  };
  const stop = (signal: string) => {
    console.log(`${signal}: removing the benchmark's data folders and database`);
    void cleanUp().then(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const kinds: ('pglite' | 'postgres')[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  const runs: StartupResult['runs'] = [];
  const loadBefore = loadavg()[0] ?? 0;
  try {
    for (const kind of kinds) {
      for (let round = 1; round <= rounds; round++) {
        // Alternating which goes first, so neither always meets a warmer machine.
        const order: Variant[] = round % 2 ? ['compiled', 'source'] : ['source', 'compiled'];
        for (const variant of order) {
          const dataDir = mkdtempSync(join(tmpdir(), 'bp-bench-start-'));
          cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
          const env: NodeJS.ProcessEnv = {
            ...process.env,
            DATA_DIR: dataDir,
            LOG_LEVEL: 'warn',
            SMTP_INBOUND_PORT: String(port + 1),
          };
          delete env.DATABASE_URL;
          delete env.NODE_ENV;
          if (kind === 'postgres') {
            const db = await freshPostgres(databaseUrl as string);
            cleanups.unshift(db.drop);
            env.DATABASE_URL = db.url;
          }
          const { args, env: startEnv } = VARIANTS[variant];
          const command: StartCommand = { args: [...args], env: { ...env, ...startEnv }, cwd: REPO_ROOT };
          const options = { settleMs, timeoutMs: 600_000 };
          const first = await measureStart(command, port, options);
          const again = await measureStart(command, port, options);
          console.log(
            `${kind} ${variant} round ${round}: new data ready ${(first.readyMs / 1000).toFixed(2)} s, peak ${first.peakAfterSettleMb.toFixed(0)} MB; existing data ready ${(again.readyMs / 1000).toFixed(2)} s, idle ${again.idleMb.toFixed(0)} MB`,
          );
          runs.push({ kind, variant, round, first, again });
          await cleanUp();
        }
      }
    }
  } finally {
    await cleanUp();
  }
  const summary = (
    kind: 'pglite' | 'postgres',
    variant: Variant,
    pick: (r: (typeof runs)[number]) => StartMeasurement,
    key: keyof StartMeasurement,
  ) => median(runs.filter((r) => r.kind === kind && r.variant === variant).map((r) => pick(r)[key]));
  const result: StartupResult = {
    date: new Date().toISOString(),
    loadAverage: [loadBefore, loadavg()[0] ?? 0],
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 1024 ** 3),
    },
    node: process.version,
    rounds,
    settleMs,
    runs,
    medians: kinds.flatMap((kind) =>
      (['source', 'compiled'] as const).map((variant) => ({
        kind,
        variant,
        newDataReadyMs: summary(kind, variant, (r) => r.first, 'readyMs'),
        newDataPeakMb: summary(kind, variant, (r) => r.first, 'peakAfterSettleMb'),
        readyMs: summary(kind, variant, (r) => r.again, 'readyMs'),
        peakMb: summary(kind, variant, (r) => r.again, 'peakAfterSettleMb'),
        idleMb: summary(kind, variant, (r) => r.again, 'idleMb'),
      })),
    ),
  };
  if (writeDocs) console.log(`wrote ${writeStartupSection(join(REPO_ROOT, 'docs/performance.md'), result)}`);
}

await main();
