import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { buildDeps } from '../../apps/api/src/platform/build-deps.ts';
import { type Config, loadConfig } from '../../apps/api/src/platform/config.ts';
import { type Database, openDatabase } from '../../apps/api/src/platform/db.ts';
import type { AppDeps } from '../../apps/api/src/platform/deps.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed.ts';
import { installCapture } from './capture.ts';

/** The app under test on its own database: in-memory PGlite, or a new database on DATABASE_URL's server. */
export interface BenchEnv {
  kind: Database['kind'];
  /** Name of the throwaway PostgreSQL database; null on PGlite. */
  databaseName: string | null;
  database: Database;
  deps: AppDeps;
  app: FastifyInstance;
  /** True when the database was made by an earlier run (`--reuse-database`): migrated, not seeded. */
  reused: boolean;
  /** Closes the app and the pool, then drops the throwaway database unless it is kept or reused. */
  close(): Promise<void>;
  /**
   * Interrupted (Ctrl-C): drops the throwaway database first, with FORCE so a long INSERT of the
   * generator cannot hold it open, then closes the rest. `keep` keeps it anyway (a finished, kept book).
   */
  abort(options?: { keep?: boolean }): Promise<void>;
}

export interface BenchDatabaseOptions {
  /** Do not drop the new database at the end (print its name, pass it to `reuse` next time). */
  keep?: boolean;
  /** Run on this existing bp_bench_* database of DATABASE_URL's server: migrate, no seed, never drop. */
  reuse?: string;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** Creates bp_bench_<timestamp> on the server of `baseUrl`; `drop` removes it again. */
export async function freshPostgres(
  baseUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const base = new URL(baseUrl);
  const name = `bp_bench_${stamp(new Date())}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The URL of an existing database `name` on the server of `baseUrl` (only bp_bench_* names). */
export function existingPostgres(baseUrl: string, name: string): { url: string; name: string } {
  if (!/^bp_bench_[a-z0-9_]+$/.test(name)) throw new Error(`not a benchmark database name: ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** Migrated, seeded with the demo data, app built and ready (not listening yet). */
export async function openBenchEnv(
  databaseUrl: string | undefined,
  options: BenchDatabaseOptions = {},
): Promise<BenchEnv> {
  if (options.reuse && !databaseUrl) throw new Error('--reuse-database needs DATABASE_URL (PostgreSQL)');
  const filesDir = mkdtempSync(join(tmpdir(), 'bp-bench-'));
  const reused = databaseUrl && options.reuse ? existingPostgres(databaseUrl, options.reuse) : null;
  const fresh = databaseUrl && !reused ? await freshPostgres(databaseUrl) : null;
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(filesDir, { recursive: true, force: true })];
  let drop: (() => Promise<void>) | null = null;
  if (fresh) {
    drop = fresh.drop;
    if (!options.keep) cleanups.unshift(fresh.drop);
  }
  const close = async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch((e: unknown) => console.error(e));
  };
  const abort = async (abortOptions: { keep?: boolean } = {}) => {
    if (drop && !abortOptions.keep) {
      const at = cleanups.indexOf(drop);
      if (at >= 0) cleanups.splice(at, 1);
      await drop().catch((e: unknown) => console.error(e));
    }
    await close();
  };
  try {
    const config: Config = {
      ...loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        DATA_DIR: filesDir,
      }),
      databaseUrl: fresh?.url ?? reused?.url,
      filesDir,
      webDist: join(filesDir, 'no-web'),
      demo: true,
      publicUrl: 'http://bench.test',
    };
    const database = await openDatabase({ databaseUrl: fresh?.url ?? reused?.url, dataDir: 'memory://' });
    cleanups.unshift(() => database.close());
    await database.migrate();
    if (!reused) await seedDemoData(database.db);
    // Before the app serves anything: statements it prepares once keep the logger they were made with.
    installCapture(database.db);
    const deps = buildDeps(config, database);
    const app = await buildApp(deps);
    cleanups.unshift(() => app.close());
    await app.ready();
    return {
      kind: database.kind,
      databaseName: fresh?.name ?? reused?.name ?? null,
      database,
      deps,
      app,
      reused: reused !== null,
      close,
      abort,
    };
  } catch (error) {
    await abort();
    throw error;
  }
}
