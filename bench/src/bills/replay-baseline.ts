import Fastify, { type FastifyInstance } from 'fastify';
import type { CapturedStatement } from '../capture.ts';
import { withoutFraming } from '../capture.ts';
import type { RawDb } from '../raw-db.ts';

/**
 * What the app did for one request, recorded once before measuring: its statements with their
 * parameters, and its answer.
 */
export interface Recording {
  statements: CapturedStatement[];
  status: number;
  body: string;
}

/**
 * A route of the replay baseline. `substitute` maps a requested URL to the parameter values that differ
 * from the recording (a write measured on a new bill each time: the recorded bill's ids → this bill's);
 * null when the URL is not this route's.
 */
export interface ReplayRoute {
  method: 'GET' | 'POST';
  recording: Recording;
  /** Writes run their statements in one transaction, as the app does. */
  transaction: boolean;
  substitute(url: string): Map<unknown, unknown> | null;
  /**
   * Per replayable statement and parameter: whether it depends on the bill (it differed between two
   * recordings on different bills). Only those are substituted, so an id that merely equals another
   * number (an organisation user's id, say) is never swapped by accident.
   */
  varying?: boolean[][];
}

/** Which parameters differ between two recordings of the same route on different objects. */
export function varyingParams(a: CapturedStatement[], b: CapturedStatement[]): boolean[][] {
  const left = replayable(a);
  const right = replayable(b);
  return left.map((s, i) =>
    s.params.map((p, j) => JSON.stringify(p) !== JSON.stringify(right[i]?.params[j])),
  );
}

const FRAMING = /^(begin|commit|rollback)\b/i;

/** The statements to replay: framing (BEGIN/COMMIT) is the baseline's own, not the recording's. */
export function replayable(statements: CapturedStatement[]): CapturedStatement[] {
  return statements.filter((s) => !FRAMING.test(s.text.trim()));
}

function swap(params: unknown[], changes: Map<unknown, unknown>, varying?: boolean[]): unknown[] {
  if (changes.size === 0) return params;
  return params.map((p, j) => {
    if (varying && !varying[j]) return p;
    if (changes.has(p)) return changes.get(p);
    // Drizzle sends numbers as numbers or strings depending on the column mode: match either.
    const asText = typeof p === 'number' ? String(p) : typeof p === 'string' ? Number(p) : undefined;
    return asText !== undefined && changes.has(asText) ? changes.get(asText) : p;
  });
}

/**
 * The bare baseline of the bills benchmark: a Fastify with no guard, no zod, no helmet, no Drizzle
 * that answers each measured URL by sending the recorded statements (same text, same parameters but
 * for the substituted ids) straight to the driver, and the recorded body. The app's cost beyond it is
 * its own work: token checks, the access guard, validation, Drizzle, serialisation, and any decisions
 * it makes in JavaScript between statements.
 */
export function buildReplayBaseline(raw: RawDb, routes: ReplayRoute[]): FastifyInstance {
  const app = Fastify({ logger: false });
  let reported = false;
  app.setErrorHandler((error, _request, reply) => {
    // One line for the first failure: a replay that fails means the recording is not replayable.
    if (!reported)
      console.error(`replay baseline: ${error instanceof Error ? error.message : String(error)}`);
    reported = true;
    return reply.status(500).send({ detail: 'replay failed' });
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      for (const route of routes) {
        if (route.method !== request.method) continue;
        const changes = route.substitute(request.url);
        if (!changes) continue;
        const statements = replayable(route.recording.statements);
        if (route.transaction) {
          await raw.transaction(async (query) => {
            for (const [i, s] of statements.entries()) {
              await query(s.text, swap(s.params, changes, route.varying?.[i]));
            }
          });
        } else {
          for (const [i, s] of statements.entries()) {
            await raw.query(s.text, swap(s.params, changes, route.varying?.[i]));
          }
        }
        return reply
          .status(route.recording.status)
          .header('content-type', 'application/json; charset=utf-8')
          .send(route.recording.body);
      }
      return reply.status(404).send({ detail: 'Not found.' });
    },
  });
  return app;
}

/** The recorded statement texts without framing, for the parity check of the report. */
export function statementTexts(recording: Recording): string[] {
  return withoutFraming(recording.statements.map((s) => s.text));
}
