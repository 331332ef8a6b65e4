import { describe, expect, it } from 'vitest';
import { openDatabase } from './db.ts';

const databaseUrl = process.env.DATABASE_URL;

/** The session settings every API connection to PostgreSQL starts with (decision 043). */
describe.skipIf(!databaseUrl)('PostgreSQL sessions', () => {
  const setting = async (url: string) => {
    const database = await openDatabase({ databaseUrl: url });
    try {
      const { rows } = await database.executeSql('show max_parallel_workers_per_gather', []);
      const { rows: again } = await database.executeSql('show max_parallel_workers_per_gather');
      return [rows, again].map(
        (r) => (r[0] as { max_parallel_workers_per_gather: string }).max_parallel_workers_per_gather,
      );
    } finally {
      await database.close();
    }
  };

  it('run without parallel query, on every connection of the pool', async () => {
    expect(await setting(databaseUrl as string)).toEqual(['0', '0']);
  });

  it('take the options of DATABASE_URL instead when it has some', async () => {
    const url = new URL(databaseUrl as string);
    url.searchParams.set('options', '-c max_parallel_workers_per_gather=2');
    expect(await setting(url.toString())).toEqual(['2', '2']);
  });
});
