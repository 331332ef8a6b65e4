import type { DbOrTx } from '../db.ts';

/** The one thing pg-boss asks of a database connection (its `db` option). */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** What node-postgres's PoolClient and PGlite's Transaction both offer. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A pg-boss `db` on the connection of a Drizzle transaction (PGlite or PostgreSQL), so a job sent this way
 * commits or rolls back with the caller's write. pg-boss's statements must go as written, `$n` and all:
 * they use one parameter in several places (`$5` read as text and cast to a time or an interval), which
 * only works while PostgreSQL types it once, so they cannot be rebuilt as Drizzle SQL with one parameter
 * per place. Drizzle keeps the transaction's client on its session (node-postgres: the checked-out
 * PoolClient; PGlite: the Transaction).
 */
export function pgBossDbOn(db: DbOrTx): PgBossDb {
  const client = (db as unknown as { session?: { client?: Partial<Queryable> } }).session?.client;
  if (typeof client?.query !== 'function')
    throw new Error('This Drizzle database keeps no client the job runner can use.');
  const queryable = client as Queryable;
  return { executeSql: (text, values) => queryable.query(text, values ?? []) };
}
