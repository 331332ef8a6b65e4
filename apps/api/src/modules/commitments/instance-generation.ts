import { calendarDateOf, daysInMonth, parseIsoDate, scheduleOccurrences, toIsoDate } from '@bp/domain';
import { and, asc, eq, gt, gte, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { type CommitmentRow, scheduleOf } from './commitment-presenter.ts';
import { commitmentInstances, commitments } from './tables.ts';

/** How far ahead instances exist: the job and every create/edit generate up to today + 3 months. */
export const MONTHS_AHEAD = 3;
const BATCH = 200;

/** `today` plus `months` calendar months, on the same day or the month's last day. */
export function addMonths(today: string, months: number): string {
  const date = parseIsoDate(today);
  if (!date) throw new RangeError(`Not an ISO date: ${today}`);
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIsoDate({ year, month, day: Math.min(date.day, daysInMonth(year, month)) });
}

/** The UTC calendar day of an instant (the job's "today"; requests use the caller's zone). */
export const utcDay = (now: Date) => toIsoDate(calendarDateOf(now, 'UTC'));

/**
 * The first scheduled date instances are generated from: the later of the start date and the day
 * the commitment was entered. Occurrences before it were the client's business before the
 * organisation took the commitment on, so they are neither tracked as late nor forecast.
 */
export function generationStart(row: CommitmentRow): string {
  const created = utcDay(row.createdAt);
  return row.startDate > created ? row.startDate : created;
}

type InstanceInsert = typeof commitmentInstances.$inferInsert;

function instanceValues(row: CommitmentRow, until: string): InstanceInsert[] {
  if (row.archivedAt) return [];
  return scheduleOccurrences(scheduleOf(row), generationStart(row), until).map((o) => ({
    commitmentId: row.id,
    scheduledDate: o.scheduled_date,
    dueDate: o.due_date,
    expectedAmount: row.isVariable ? null : row.expectedAmount,
  }));
}

/**
 * Inserts the missing instances; an instance already there (same commitment and scheduled date) is
 * left alone by ON CONFLICT DO NOTHING, so a second run, or a second worker at the same moment,
 * inserts nothing twice. Answers how many rows were inserted.
 */
async function insertInstances(db: DbOrTx, values: InstanceInsert[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insert(commitmentInstances)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing({ target: [commitmentInstances.commitmentId, commitmentInstances.scheduledDate] })
      .returning({ id: commitmentInstances.id });
    inserted += rows.length;
  }
  return inserted;
}

/** Generates one commitment's instances up to `today` + MONTHS_AHEAD, in the caller's transaction. */
export async function generateForCommitment(tx: DbOrTx, row: CommitmentRow, today: string): Promise<number> {
  return insertInstances(tx, instanceValues(row, addMonths(today, MONTHS_AHEAD)));
}

/**
 * After an edit of the schedule or the amount: the future instances nobody acted on (no bill, not
 * skipped) that the schedule no longer has are removed, the others take the new expected amount,
 * then the missing ones are generated. Past instances and billed or skipped ones stay as they were.
 */
export async function resyncInstances(tx: DbOrTx, row: CommitmentRow, today: string): Promise<void> {
  const wanted = instanceValues(row, addMonths(today, MONTHS_AHEAD)).map((v) => v.scheduledDate);
  const untouchedFuture = and(
    eq(commitmentInstances.commitmentId, row.id),
    gte(commitmentInstances.dueDate, today),
    isNull(commitmentInstances.billId),
    isNull(commitmentInstances.skippedAt),
  );
  await tx
    .delete(commitmentInstances)
    .where(
      wanted.length > 0
        ? and(untouchedFuture, notInArray(commitmentInstances.scheduledDate, wanted))
        : untouchedFuture,
    );
  await tx
    .update(commitmentInstances)
    .set({ expectedAmount: row.isVariable ? null : row.expectedAmount })
    .where(untouchedFuture);
  await generateForCommitment(tx, row, today);
}

export interface GenerateSummary {
  commitments: number;
  inserted: number;
  until: string;
}

/**
 * The job (and POST .../commitments/generate-instances): instances of every active commitment
 * (of one organisation when given) up to `now` + `monthsAhead` months, in batches of commitments.
 */
export async function generateInstances(
  db: Db,
  options: { now: Date; monthsAhead?: number; organizationId?: number },
): Promise<GenerateSummary> {
  const today = utcDay(options.now);
  const until = addMonths(today, options.monthsAhead ?? MONTHS_AHEAD);
  let lastId = 0;
  let seen = 0;
  let inserted = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(commitments)
      .where(
        and(
          gt(commitments.id, lastId),
          isNull(commitments.archivedAt),
          // Ended more than a year ago: everything it had was generated while it ran.
          or(isNull(commitments.endDate), gte(commitments.endDate, addMonths(today, -12))),
          options.organizationId === undefined
            ? undefined
            : eq(commitments.organizationId, options.organizationId),
        ),
      )
      .orderBy(asc(commitments.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    lastId = batch[batch.length - 1]?.id ?? lastId;
    seen += batch.length;
    inserted += await insertInstances(
      db,
      batch.flatMap((row) => instanceValues(row, until)),
    );
  }
  return { commitments: seen, inserted, until };
}

/** Instances of some commitments, for reads that need them all (bounded by each commitment's timeline). */
export function instancesOf(db: DbOrTx, commitmentIds: number[]) {
  return db
    .select()
    .from(commitmentInstances)
    .where(inArray(commitmentInstances.commitmentId, commitmentIds.length > 0 ? commitmentIds : [-1]))
    .orderBy(asc(commitmentInstances.dueDate), asc(commitmentInstances.id));
}
