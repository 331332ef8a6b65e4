import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db-schema.ts';
import { API_ROOT } from './paths.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either: a plain read on the pool, or a step inside a write's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap round trip for health checks. */
  ping(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own statements (the job runner's pg-boss): with values, one
   * parameterised statement; without, possibly several statements (PGlite runs those through `exec`).
   * A script that fails part-way inside its own BEGIN is rolled back, so the connection (PGlite's only
   * one) is not left in an aborted transaction: pg-boss expects to lose a set-up race and carry on.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

const MIGRATIONS = join(API_ROOT, 'drizzle');

/**
 * PGlite runs PostgreSQL inside this process, so its shared buffers are this process's memory, on top of
 * the operating system's file cache that already holds the data folder (or of the JavaScript memory that
 * holds an in-memory one). 16 MB instead of PostgreSQL's 128 MB keeps the server's idle memory near its
 * target (issue 12, item 4; docs/performance.md "Start-up and memory") and holds the demo data's hot pages.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * Every API session on PostgreSQL runs without parallel query (decision 043). The API's statements read
 * a page, a count capped at 1,001 or one bill; a parallel plan adds a worker start per statement (~30 ms
 * each here, 63 ms of a 97 ms memo search) and, under load, takes the cores the other requests need.
 * `options` in DATABASE_URL (e.g. `?options=-c%20max_parallel_workers_per_gather%3D2`) replaces this.
 */
export const API_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

const INITDB_TEMPLATE = join(API_ROOT, 'dist', 'pglite-initdb.tgz');

/**
 * A new data folder starts from the initialised cluster the build saved (apps/api/scripts/build.mjs)
 * rather than running initdb here, which took the first start past 500 MB and several seconds. Without a
 * build (development through tsx) PGlite runs initdb as before.
 */
function initialisedClusterFor(dir: string): { loadDataDir?: Blob } {
  if (existsSync(join(dir, 'PG_VERSION')) || !existsSync(INITDB_TEMPLATE)) return {};
  return { loadDataDir: new Blob([readFileSync(INITDB_TEMPLATE)]) };
}

/**
 * `databaseUrl` set: a PostgreSQL pool. Otherwise PGlite in `dataDir` (or in memory for `memory://`),
 * started from `loadDataDir` (a data folder PGlite dumped) when given, which skips its initialisation.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: API_SESSION_OPTIONS,
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next checkout.
    pool.on('error', (error) => {
      console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS }),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => {
        if (values && values.length > 0) return pool.query(text, values);
        const client = await pool.connect();
        try {
          return await client.query(text);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // PGlite and its Drizzle driver load only when it is the database: a server on PostgreSQL never
  // loads their JavaScript (~0.5 MB of source; decision 042).
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  let client: PGlite;
  if (options.dataDir && options.dataDir !== 'memory://') {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, {
      extensions: { pg_trgm, btree_gin },
      postgresqlconf: PGLITE_CONF,
      ...initialisedClusterFor(dir),
    });
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm, btree_gin },
      postgresqlconf: PGLITE_CONF,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // The extended protocol takes one statement; pg-boss's schema set-up sends several at once.
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: () => client.close(),
  };
}
