import type { Db } from '../../apps/api/src/platform/db.ts';

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

interface SessionInternals {
  logger?: QueryLogger;
  options?: { logger?: QueryLogger | boolean };
}

/** Statements that only frame a transaction; PGlite issues them itself, out of a logger's sight. */
const FRAMING = /^(begin|commit|rollback)\b/i;

export const normalizeSql = (text: string) => text.replace(/\s+/g, ' ').trim();

export const withoutFraming = (texts: string[]) => texts.map(normalizeSql).filter((t) => !FRAMING.test(t));

/**
 * Records the SQL text of every statement the app sends through Drizzle while `fn` runs, by swapping
 * Drizzle's query logger on the session (and on the options that transaction sessions copy).
 * Returns null when Drizzle's internals no longer look as expected; the run then reports parity as unknown.
 */
export async function captureSql(db: Db, fn: () => Promise<void>): Promise<string[] | null> {
  const statements = await captureStatements(db, fn);
  return statements ? statements.map((s) => s.text) : null;
}

/** One statement as Drizzle sent it: text and parameters. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
}

/**
 * The query logger a bench installs once on the app's database: it records into whichever capture is
 * open and drops everything else. Installed for good rather than swapped in per capture, because a
 * statement the app prepares once (the access guard's, `modules/access/guard-read.ts`) keeps the logger
 * it was prepared with: a logger swapped in for one capture would go on collecting that statement from
 * every later request, load runs included (a recording then grew without end, and the replay baseline
 * replayed it), and the captures after it would miss the statement.
 */
interface Dispatcher extends QueryLogger {
  sink: CapturedStatement[] | null;
}

const dispatchers = new WeakMap<object, Dispatcher>();

/**
 * Installs the recording logger on `db`'s session (and the options transaction sessions copy). Call it
 * before the app serves its first request; returns false when Drizzle's internals no longer look as
 * expected (the run then reports parity as unknown).
 */
export function installCapture(db: Db): boolean {
  const session = (db as unknown as { session?: SessionInternals }).session;
  if (!session?.logger || !session.options) return false;
  if (dispatchers.has(session)) return true;
  const dispatcher: Dispatcher = {
    sink: null,
    logQuery(query, params) {
      this.sink?.push({ text: query, params: [...params] });
    },
  };
  session.logger = dispatcher;
  session.options.logger = dispatcher;
  dispatchers.set(session, dispatcher);
  return true;
}

/** Like captureSql, with each statement's parameters (for replaying them on a bare server). */
export async function captureStatements(
  db: Db,
  fn: () => Promise<void>,
): Promise<CapturedStatement[] | null> {
  if (!installCapture(db)) return null;
  const session = (db as unknown as { session: object }).session;
  const dispatcher = dispatchers.get(session) as Dispatcher;
  const texts: CapturedStatement[] = [];
  dispatcher.sink = texts;
  try {
    await fn();
  } finally {
    dispatcher.sink = null;
  }
  return texts;
}
