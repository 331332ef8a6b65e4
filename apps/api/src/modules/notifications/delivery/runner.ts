import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { outbox, pushDevices } from '../tables.ts';
import { DeliveryError, reasonOf, type Senders } from './senders.ts';

/*
 * One delivery pass over the outbox (decision 011; run by the job runner since decision 017). It works the
 * same on PGlite and on PostgreSQL with several instances: it claims a batch of due messages with a lease
 * (FOR UPDATE SKIP LOCKED, so two workers never take the same row), sends them outside any transaction,
 * then records the outcome while still holding the lease. A crash between sending and recording means the
 * lease runs out and the message is sent again: delivery is at least once, never lost. Each message keeps
 * its own tries and back-off in its outbox row (what the demo outbox shows), so the job runner's retry
 * policy covers only a pass that failed as a whole (delivery/queue.ts).
 */

export type Channel = 'email' | 'sms' | 'push';
const CHANNELS: readonly Channel[] = ['email', 'sms', 'push'];

/** Tries before a message is marked failed. */
export const MAX_ATTEMPTS = 8;
/** Wait after the first failure; doubles after each further one, up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a claimed message stays with its worker; longer than a batch of sends can take. */
export const LEASE_MS = 5 * 60_000;
export const BATCH_SIZE = 10;

/** The wait before the next try after `attempts` tries: 30 s, 1 min, 2 min, … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Written to last_error of the pending messages of a channel without configuration. */
export const NOT_CONFIGURED: Record<Channel, string> = {
  email: 'E-mail delivery is not configured (set SMTP_HOST); the message waits in the outbox.',
  sms: 'Text message delivery is not configured (set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM); the message waits in the outbox.',
  push: 'Push delivery is not configured (set EXPO_PUSH_URL or EXPO_ACCESS_TOKEN); the message waits in the outbox.',
};

export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RunSummary {
  claimed: number;
  sent: number;
  /** Failed this time, tried again later. */
  retried: number;
  /** Given up: status failed. */
  failed: number;
}

export interface DeliveryRunnerOptions {
  db: Db;
  /** Injected clock: tests move it instead of sleeping. */
  now: () => Date;
  senders: Senders;
  log?: DeliveryLog | undefined;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

export interface DeliveryRunner {
  /** One pass: claims up to a batch of due messages and sends them. */
  runOnce(): Promise<RunSummary>;
  /** How many messages a pass claims at most: a pass that claimed this many may have left more due. */
  batchSize: number;
}

type OutboxRow = typeof outbox.$inferSelect;

const quietLog: DeliveryLog = { info() {}, warn() {}, error() {} };

export function createDeliveryRunner(options: DeliveryRunnerOptions): DeliveryRunner {
  const { db, now, senders } = options;
  const log = options.log ?? quietLog;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const configured = CHANNELS.filter((c) => senders[c]);
  const missing = CHANNELS.filter((c) => !senders[c]);

  /** Says on each waiting message of an unconfigured channel why it waits (once: only rows that differ). */
  async function noteUnconfigured() {
    for (const channel of missing) {
      await db
        .update(outbox)
        .set({ lastError: NOT_CONFIGURED[channel] })
        .where(
          and(
            eq(outbox.status, 'pending'),
            eq(outbox.channel, channel),
            sql`${outbox.lastError} is distinct from ${NOT_CONFIGURED[channel]}`,
          ),
        );
    }
  }

  async function claim(at: Date, lease: Date): Promise<OutboxRow[]> {
    if (configured.length === 0) return [];
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            inArray(outbox.channel, configured),
            lte(outbox.nextAttemptAt, at),
            or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, at)),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ lockedUntil: lease })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (row.channel === 'email') {
      await senders.email?.send({
        to: row.recipient,
        subject: row.subject,
        text: row.bodyText,
        html: row.bodyHtml ?? undefined,
      });
    } else if (row.channel === 'sms') {
      await senders.sms?.send({ to: row.recipient, body: row.bodyText });
    } else {
      let data: Record<string, unknown> = {};
      try {
        const parsed: unknown = row.bodyHtml ? JSON.parse(row.bodyHtml) : {};
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          data = parsed as Record<string, unknown>;
      } catch {
        // A push row's data is written by enqueuePush; anything else is sent without data.
      }
      await senders.push?.send({ to: row.recipient, title: row.subject, body: row.bodyText, data });
    }
  }

  /** Sends one claimed message and records the outcome, only while this worker still holds its lease. */
  async function process(row: OutboxRow, lease: Date): Promise<'sent' | 'retried' | 'failed'> {
    const held = and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.lockedUntil, lease));
    const attempts = row.attempts + 1;
    try {
      await deliver(row);
    } catch (error) {
      const reason = reasonOf(error);
      const flags = error instanceof DeliveryError ? error.options : {};
      const at = now();
      const giveUp = flags.permanent === true || attempts >= maxAttempts;
      if (flags.deviceNotRegistered) await db.delete(pushDevices).where(eq(pushDevices.token, row.recipient));
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: reason,
          lockedUntil: null,
          ...(giveUp
            ? { status: 'failed' as const }
            : { nextAttemptAt: new Date(at.getTime() + backoffMs(attempts)) }),
        })
        .where(held);
      const details = { outbox: row.guid, channel: row.channel, attempts, reason };
      if (giveUp) log.error(details, 'outbox message failed for good');
      else log.warn(details, 'outbox message not delivered; will retry');
      return giveUp ? 'failed' : 'retried';
    }
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: now(), attempts, lastError: null, lockedUntil: null })
      .where(held);
    log.info({ outbox: row.guid, channel: row.channel }, 'outbox message sent');
    return 'sent';
  }

  async function runOnce(): Promise<RunSummary> {
    await noteUnconfigured();
    const at = now();
    const lease = new Date(at.getTime() + leaseMs);
    const rows = await claim(at, lease);
    const outcomes = await Promise.all(rows.map((row) => process(row, lease)));
    return {
      claimed: rows.length,
      sent: outcomes.filter((o) => o === 'sent').length,
      retried: outcomes.filter((o) => o === 'retried').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  return { runOnce, batchSize };
}
