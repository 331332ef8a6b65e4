import { describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { builtPerShape, type Executable, MAX_BUILT_SHAPES } from './prepared.ts';

/** A statement that answers its shape and values, and counts how often it was built and prepared. */
function counting() {
  const seen = { built: 0, prepared: [] as string[] };
  const statement = (_db: Db, shape: { n: number }) => {
    seen.built++;
    const run: Executable<string> = {
      execute: async (values) => `shape ${shape.n}, value ${String(values?.v)}`,
    };
    return {
      ...run,
      prepare: (name: string) => {
        seen.prepared.push(name);
        return run;
      },
    };
  };
  return { seen, statement };
}

describe('builtPerShape', () => {
  it('builds a shape once per database and runs it with each call’s values, unnamed', async () => {
    const { seen, statement } = counting();
    const of = builtPerShape((shape: { n: number }) => String(shape.n), statement);
    const one = {} as Db;
    const other = {} as Db;
    expect(await of(one, { n: 1 }).execute({ v: 'a' })).toBe('shape 1, value a');
    expect(await of(one, { n: 1 }).execute({ v: 'b' })).toBe('shape 1, value b');
    expect(await of(one, { n: 2 }).execute({ v: 'c' })).toBe('shape 2, value c');
    expect(await of(other, { n: 1 }).execute({ v: 'd' })).toBe('shape 1, value d');
    expect(seen.built).toBe(3);
    // The empty name: node-postgres sends the statement unnamed, planned for each run's values.
    expect(seen.prepared).toEqual(['', '', '']);
  });

  it('keeps at most MAX_BUILT_SHAPES shapes per database and builds further ones per call', async () => {
    const { seen, statement } = counting();
    const of = builtPerShape((shape: { n: number }) => String(shape.n), statement);
    const db = {} as Db;
    for (let n = 0; n < MAX_BUILT_SHAPES; n++) await of(db, { n }).execute({ v: n });
    expect(seen.built).toBe(MAX_BUILT_SHAPES);
    expect(await of(db, { n: -1 }).execute({ v: 'x' })).toBe('shape -1, value x');
    expect(await of(db, { n: -1 }).execute({ v: 'y' })).toBe('shape -1, value y');
    expect(seen.built).toBe(MAX_BUILT_SHAPES + 2);
    expect(seen.prepared).toHaveLength(MAX_BUILT_SHAPES);
    await of(db, { n: 0 }).execute({ v: 0 });
    expect(seen.built).toBe(MAX_BUILT_SHAPES + 2);
  });
});
