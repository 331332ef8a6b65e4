import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../platform/columns.ts';

/**
 * The sanctions list (OFAC SDN CSV: ent_num, SDN_Name, SDN_Type, Program, ...), loaded from a file the
 * operator provides. `name_normalized` is lower-case letters and digits separated by single spaces, the
 * form fuzzy matching compares (pg_trgm similarity).
 */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: idColumn(),
    /** ent_num of the SDN file. */
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    nameNormalized: text('name_normalized').notNull(),
    sdnType: text('sdn_type'),
    program: text('program'),
    remarks: text('remarks'),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('sanctions_entries_uid_key').on(t.uid),
    index('sanctions_entries_name_trgm_idx').using('gin', t.nameNormalized.op('gin_trgm_ops')),
    index('sanctions_entries_name_idx').on(sql`${t.nameNormalized}`),
  ],
);
