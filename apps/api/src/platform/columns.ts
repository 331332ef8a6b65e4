import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns every table of ours starts with: an identity key, a public guid, a creation time. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const guidColumn = () => uuid('guid').notNull().defaultRandom();
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
