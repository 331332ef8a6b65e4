import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db.ts';
import { readTogether } from './read-together.ts';

describe('readTogether', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  /** Two reads that say when each starts and ends, the first slower than the second. */
  const tracedReads = (log: string[]) =>
    [
      async () => {
        log.push('first starts');
        await new Promise((resolve) => setTimeout(resolve, 20));
        log.push('first ends');
        return 1;
      },
      async () => {
        log.push('second starts');
        log.push('second ends');
        return 'two';
      },
    ] as const;

  it('starts every read at once outside a transaction', async () => {
    const log: string[] = [];
    const [one, two] = await readTogether(database.db, tracedReads(log));
    expect([one, two]).toEqual([1, 'two']);
    expect(log).toEqual(['first starts', 'second starts', 'second ends', 'first ends']);
  });

  it("runs them one after another on a transaction's one connection", async () => {
    const log: string[] = [];
    const results = await database.db.transaction((tx) => readTogether(tx, tracedReads(log)));
    expect(results).toEqual([1, 'two']);
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('reads the database in a transaction, in the order given', async () => {
    const [a, b] = await database.db.transaction((tx) =>
      readTogether(tx, [() => tx.execute(sql`select 1 as n`), () => tx.execute(sql`select 2 as n`)]),
    );
    expect([a, b].map((r) => (r as { rows: unknown[] }).rows[0])).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
