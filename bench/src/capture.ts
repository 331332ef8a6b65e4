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

/** Like captureSql, with each statement's parameters (for replaying them on a bare server). */
export async function captureStatements(
  db: Db,
  fn: () => Promise<void>,
): Promise<CapturedStatement[] | null> {
  const session = (db as unknown as { session?: SessionInternals }).session;
  if (!session?.logger || !session.options) return null;
  const options = session.options;
  const texts: CapturedStatement[] = [];
  const logger: QueryLogger = {
    logQuery: (query, params) => texts.push({ text: query, params: [...params] }),
  };
  const before = { logger: session.logger, hadOption: 'logger' in options, option: options.logger };
  session.logger = logger;
  options.logger = logger;
  try {
    await fn();
  } finally {
    session.logger = before.logger;
    if (before.hadOption) options.logger = before.option;
    else delete options.logger;
  }
  return texts;
}
