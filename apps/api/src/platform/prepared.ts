import type { Db } from './db.ts';

/**
 * `prepare(db)` run once per database and kept: Drizzle's prepared statements (`.prepare(name)` with
 * placeholders) skip building the SQL on every request (issue 12 item 2), and belong to the database they
 * were prepared on (the app's, a test's, a benchmark's). Never with a transaction: a statement prepared on
 * the pool runs outside it.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
