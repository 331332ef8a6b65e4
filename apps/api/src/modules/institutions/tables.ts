import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The shared list of financial institutions (banks, brokers) every organisation picks from. */
export const parentInstitutions = pgTable(
  'parent_institutions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    name: text('name').notNull(),
    website: text('website'),
    routingNumber: text('routing_number'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parent_institutions_guid_key').on(t.guid),
    uniqueIndex('parent_institutions_name_key').on(sql`lower(${t.name})`),
  ],
);
