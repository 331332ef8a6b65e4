import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db.ts';

/** The one thing pg-boss asks of a database connection (its `db` option). */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's numbered-parameter SQL (`$1`, `$2`, …) as a Drizzle statement, so it can run on the caller's
 * Drizzle transaction: a job sent this way commits or rolls back with the caller's write. A number used
 * twice becomes two parameters of the same value, which PostgreSQL types independently, as it would any
 * literal in that place. pg-boss leaves options it does not set `undefined`, which Drizzle would drop from
 * the statement, so they go as NULL.
 */
export function drizzleStatementOf(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
  );
  return sql.join(chunks);
}

/** A pg-boss `db` that runs on a Drizzle database or transaction (PGlite and PostgreSQL alike). */
export function pgBossDbOn(db: DbOrTx): PgBossDb {
  return {
    async executeSql(text, values) {
      const result: unknown = await db.execute(drizzleStatementOf(text, values));
      // node-postgres answers a QueryResult, PGlite a Results; both carry `rows`.
      return { rows: (result as { rows?: unknown[] }).rows ?? [] };
    },
  };
}
