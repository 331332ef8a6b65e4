import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (tarball) with every migration applied: test databases start from it. */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied, for `CREATE DATABASE … TEMPLATE`, or ''. */
    postgresTemplate: string;
  }
}

/** Drops the run's PostgreSQL template, when one was made. */
let dropPostgres: (() => Promise<void>) | null = null;

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
 * for the run. Each test file still seeds its own database with its own clock (build-test-app.ts).
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

  project.provide('postgresTemplate', '');
  if (process.env.DATABASE_URL) {
    const base = new URL(process.env.DATABASE_URL);
    // `bp_test_` so that .ci/run's clean-up also drops a template left by a killed run.
    const name = `bp_test_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base.toString());
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    // A template must have no connections while databases are copied from it.
    await database.close();
    project.provide('postgresTemplate', name);
    dropPostgres = async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
}

export async function teardown() {
  await dropPostgres?.();
}
