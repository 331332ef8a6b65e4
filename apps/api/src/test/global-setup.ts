import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../platform/db.ts';
import { localFileStorage } from '../platform/storage.ts';
import { seedDemoData } from '../seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (tarball) with every migration applied: test databases start from it. */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied, for `CREATE DATABASE … TEMPLATE`, or ''. */
    postgresTemplate: string;
    /** The PGlite template with the demo data seeded (this run's own, not cached: the data is dated). */
    seededPgliteTemplate: string;
    /** The PostgreSQL template with the demo data seeded, or ''. */
    seededPostgresTemplate: string;
    /** The files the seed stored (inbox PDF, report files), copied into each test app's folder; '' when
     *  the run seeded nothing ahead (the app then seeds its own database). */
    seedFiles: string;
  }
}

/** Drops the run's PostgreSQL templates and removes the seeded files, when they were made. */
const cleanups: Array<() => Promise<void> | void> = [];

/** One statement on the server's maintenance connection (CREATE / DROP DATABASE). */
async function adminQuery(base: URL, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: base.toString() });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Seeds the demo data the way every test app starts (build-test-app.ts), into a template. */
async function seedInto(database: Database, seedTime: Date, seedFiles: string): Promise<void> {
  await seedDemoData(database.db, seedTime, { storage: localFileStorage(seedFiles) });
}

const MIGRATIONS = join(import.meta.dirname, '../../drizzle');

/** Changes whenever a migration or the PGlite version does, so a stale template is never used. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ).version as string;
  hash.update(pgliteVersion);
  for (const dir of [MIGRATIONS, join(MIGRATIONS, 'meta')]) {
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates once per run instead of once per test file: initialising an empty PGlite and running the
 * migrations takes seconds, loading a migrated data folder well under one. The PGlite template is kept
 * in the temp folder, named by the migrations, so later runs reuse it; the PostgreSQL template lives
 * for the run. The demo data is seeded once per run on top of them (below, decision 040).
 */
export async function setup(project: TestProject) {
  const key = migrationsKey();
  const templateFile = join(tmpdir(), `bp-pglite-template-${key}.tar`);
  if (!existsSync(templateFile)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${templateFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templateFile);
  }
  project.provide('pgliteTemplate', templateFile);

  // Seeding the demo data took ~4-5 s per test app, and there are about a hundred of them in a run: the
  // run seeds it once into templates, and each test app copies the seeded database and files instead.
  // Seeded data is relative to its seed time, so these templates live for one run only.
  const seedTime = new Date();
  const seedFiles = mkdtempSync(join(tmpdir(), 'bp-seed-files-'));
  cleanups.push(() => rmSync(seedFiles, { recursive: true, force: true }));
  project.provide('seedFiles', seedFiles);
  const seededFile = join(tmpdir(), `bp-pglite-seeded-${key}-${process.pid}.tar`);
  {
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(templateFile)]),
    });
    await seedInto(database, seedTime, seedFiles);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    writeFileSync(seededFile, Buffer.from(await dump.arrayBuffer()));
    cleanups.push(() => rmSync(seededFile, { force: true }));
  }
  project.provide('seededPgliteTemplate', seededFile);

  project.provide('postgresTemplate', '');
  project.provide('seededPostgresTemplate', '');
  if (process.env.DATABASE_URL) {
    const base = new URL(process.env.DATABASE_URL);
    // `bp_test_` so that .ci/run's clean-up also drops a template left by a killed run.
    const name = `bp_test_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base.toString());
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    // A template must have no connections while databases are copied from it.
    await database.close();
    project.provide('postgresTemplate', name);
    cleanups.push(() => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

    const seededName = `${name}_seeded`;
    await adminQuery(base, `CREATE DATABASE ${seededName} TEMPLATE ${name}`);
    cleanups.push(() => adminQuery(base, `DROP DATABASE IF EXISTS ${seededName} WITH (FORCE)`));
    url.pathname = `/${seededName}`;
    const seeded = await openDatabase({ databaseUrl: url.toString() });
    // Its files go beside the PGlite seed's: their keys carry each seed's own row ids.
    await seedInto(seeded, seedTime, seedFiles);
    await seeded.close();
    project.provide('seededPostgresTemplate', seededName);
  }
}

export async function teardown() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
