import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../columns.ts';

/**
 * What the job runner adds to pg-boss's own job rows (which pg-boss creates, archives and deletes in its
 * own schema): who asked for a job, so only they may read it through the API, and how far its handler
 * has got. A row exists for every job sent with a requester and for every job that reported progress.
 * No foreign key to users: a job's record outlives nothing it must keep consistent with.
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    /** pg-boss's job id. */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** The user the job was sent for; null for scheduled and internal work, which no user may read. */
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }),
    done: integer('done'),
    total: integer('total'),
    message: text('message'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_progress_requested_by').on(t.requestedByUserId)],
);
