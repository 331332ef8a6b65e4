import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenPair } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { buildDeps } from '../platform/build-deps.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createJobRunner, type JobRunner } from '../platform/jobs/index.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { seedDemoData } from '../seed/seed.ts';

export type Backend = 'pglite' | 'postgres';

/** The inbound-mail webhook's password in every test app (INBOUND_WEBHOOK_SECRET). */
export const TEST_INBOUND_WEBHOOK_SECRET = 'test-inbound-webhook-secret';

/**
 * The databases a file's tests run on (decision 032). Without DATABASE_URL: PGlite (the default a new
 * developer has). With it: PGlite and PostgreSQL, or PostgreSQL alone when API_TEST_BACKENDS=postgres,
 * which CI sets to keep its run under 15 minutes; PGlite is still exercised there by the files that use
 * `everyBackend` and by the browser tests, whose server runs on PGlite.
 */
export const everyBackend: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
export const backends: Backend[] =
  process.env.DATABASE_URL && process.env.API_TEST_BACKENDS === 'postgres' ? ['postgres'] : everyBackend;

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  /** Moves the injected clock. */
  clock: { now: Date };
  close(): Promise<void>;
}

/**
 * A fresh database named for this test file on the PostgreSQL server of DATABASE_URL, copied from the
 * run's migrated template (global-setup.ts) when there is one.
 */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL as string);
  const name = `bp_test_${randomUUID().replaceAll('-', '')}`;
  const template = inject('seededPostgresTemplate') || inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The whole app on a new database with the demo data, like `build(t)` in fastify/demo. */
export async function buildTestApp(
  backend: Backend = 'pglite',
  options: { demo?: boolean; jobs?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const filesDir = mkdtempSync(join(tmpdir(), 'bp-files-'));
  const pgDb = backend === 'postgres' ? await freshPostgres() : null;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
      DATA_DIR: filesDir,
      INBOUND_WEBHOOK_SECRET: TEST_INBOUND_WEBHOOK_SECRET,
      ...options.env,
    }),
    databaseUrl: pgDb?.url,
    filesDir,
    webDist: join(filesDir, 'no-web'),
    demo: options.demo ?? true,
    publicUrl: 'http://app.test',
  };
  const template = inject('seededPgliteTemplate') || inject('pgliteTemplate');
  const database: Database = await openDatabase({
    databaseUrl: pgDb?.url,
    dataDir: 'memory://',
    ...(template && !pgDb ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  // A no-op on a database copied from the migrated template; it still catches a stale template.
  await database.migrate();
  // The demo data was seeded into the run's template (global-setup.ts) a few minutes ago, like a database
  // seeded before the app started: the clock still starts at the real time, which the stand-ins of outside
  // services (their own timestamps) and PostgreSQL's now() share. The seed's stored files are copied in.
  const clock = { now: new Date() };
  const deps = buildDeps(config, database, () => clock.now);
  const seedFiles = inject('seedFiles');
  if (seedFiles) cpSync(seedFiles, filesDir, { recursive: true });
  else await seedDemoData(database.db, clock.now, { storage: deps.storage });
  // A running job runner only where a test asks for one (report generation); the others call handlers.
  const jobs: JobRunner | undefined = options.jobs ? createJobRunner({ database }) : undefined;
  const app = await buildApp(deps, jobs ? { jobs } : {});
  await app.ready();
  await jobs?.start();
  return {
    app,
    deps,
    config,
    clock,
    async close() {
      await app.close();
      await jobs?.stop();
      await database.close();
      await pgDb?.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<TokenPair> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as TokenPair;
}

export const bearer = (tokens: TokenPair) => ({ authorization: `Bearer ${tokens.access}` });

export function decode(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Registers a fresh app for the enclosing `describe`: built before its tests, closed after. */
export function useTestApp(
  backend: Backend,
  options: { jobs?: boolean; env?: Record<string, string> } = {},
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(backend, options));
  });
  afterAll(() => holder.close());
  return holder;
}
