import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../apps/api/src/platform/db.ts';

export type Row = Record<string, unknown>;

/** One statement on the driver itself: no ORM, no mapping. */
export type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

/** The app's database connection used without Drizzle, as a bare server would. */
export interface RawDb {
  query: Query;
  /** Rows as arrays, for selects whose column names repeat (two "id"s of a join). */
  arrays(text: string, params?: unknown[]): Promise<unknown[][]>;
  /** BEGIN ... COMMIT on one connection (ROLLBACK when `fn` throws). */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  /** Every statement text sent while this is an array (for the SQL parity check); null = off. */
  recorded: string[] | null;
}

interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The driver client behind a Drizzle instance (PGlite, or a node-postgres pool). */
export function rawDb(db: Db): RawDb {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  let recorded: string[] | null = null;
  const run = async (on: Queryable, text: string, params?: unknown[]) => {
    recorded?.push(text);
    return (await on.query(text, params)).rows as Row[];
  };
  const common = {
    get recorded() {
      return recorded;
    },
    set recorded(value: string[] | null) {
      recorded = value;
    },
  };
  if (client instanceof PGlite) {
    return Object.assign(common, {
      query: (text: string, params?: unknown[]) => run(client, text, params),
      arrays: async (text: string, params?: unknown[]) => {
        recorded?.push(text);
        return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
      },
      transaction: <T>(fn: (query: Query) => Promise<T>) =>
        client.transaction((tx) => fn((text, params) => run(tx, text, params))),
    });
  }
  if (client instanceof pg.Pool) {
    return Object.assign(common, {
      query: (text: string, params?: unknown[]) => run(client, text, params),
      arrays: async (text: string, params?: unknown[]) => {
        recorded?.push(text);
        return (await client.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
      },
      transaction: async <T>(fn: (query: Query) => Promise<T>) => {
        const conn = await client.connect();
        try {
          await conn.query('begin');
          const result = await fn((text, params) => run(conn, text, params));
          await conn.query('commit');
          return result;
        } catch (error) {
          await conn.query('rollback');
          throw error;
        } finally {
          conn.release();
        }
      },
    });
  }
  throw new Error('Unknown database client behind Drizzle: expected PGlite or a pg Pool.');
}
