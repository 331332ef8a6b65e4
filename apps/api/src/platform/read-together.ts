import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.ts';

type Read = () => PromiseLike<unknown>;
type Results<R extends readonly Read[]> = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };

/**
 * Independent reads, each given as a function that starts it: all at once on the pool (a connection
 * each), one after another inside a transaction. A transaction has one connection, on which
 * node-postgres would queue reads started together, and warns that pg 9 will refuse a query sent while
 * another runs. A presenter that takes `DbOrTx` reads with this instead of `Promise.all`.
 */
export async function readTogether<const R extends readonly Read[]>(
  db: DbOrTx,
  reads: R,
): Promise<Results<R>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<R>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<R>;
}
