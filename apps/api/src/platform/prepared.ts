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

/** A statement that takes its values by placeholder name, built (Drizzle's query) or prepared. */
export interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** Most shapes one statement keeps built per database (a shape is a handful of flags: few occur). */
export const MAX_BUILT_SHAPES = 200;

/**
 * A statement whose text varies with its request's shape (which filters are given, the ordering, how
 * the page is sought) but not with its values: built by Drizzle with placeholders once per shape and
 * database and run with `.execute(values)` (issue 12 item 2: the queue and search pages were rebuilt on
 * every request). `shapeKey` must name everything `build` reads from the shape.
 *
 * Not prepared on the server: the empty name makes node-postgres send it unnamed, so PostgreSQL plans
 * every run for its own values. A named statement settles after five runs on a generic plan, blind to
 * how many bills the tenant holds or how common a status is; in the search's plan tests that plan read
 * the whole bills table for a small tenant. Past MAX_BUILT_SHAPES shapes of a database a new shape is
 * built per request, so a caller walking every combination cannot grow the cache without end.
 */
export function builtPerShape<Shape, R>(
  shapeKey: (shape: Shape) => string,
  build: (db: Db, shape: Shape) => Executable<R> & { prepare(name: string): Executable<R> },
): (db: Db, shape: Shape) => Executable<R> {
  const byDatabase = new WeakMap<Db, Map<string, Executable<R>>>();
  return (db, shape) => {
    let shapes = byDatabase.get(db);
    if (shapes === undefined) {
      shapes = new Map();
      byDatabase.set(db, shapes);
    }
    const key = shapeKey(shape);
    let statement = shapes.get(key);
    if (statement === undefined) {
      if (shapes.size >= MAX_BUILT_SHAPES) return build(db, shape);
      statement = build(db, shape).prepare('');
      shapes.set(key, statement);
    }
    return statement;
  };
}
