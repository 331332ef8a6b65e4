import type { ReportEventKind, ReportStatus, ReportType } from '@bp/contracts';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { entitiesPrimaryKey } from '../entities/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

const userRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => usersPrimaryKey, { onDelete: 'set null' });

/**
 * A client's report for a period (a year, or one month of it). `organization_id` copies the client's, so
 * the organisation's lists and counts read one index.
 */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' }).references(() => entitiesPrimaryKey, {
      onDelete: 'set null',
    }),
    type: text('type').$type<ReportType>().notNull(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    periodYear: integer('period_year').notNull(),
    periodMonth: integer('period_month'),
    status: text('status').$type<ReportStatus>().notNull().default('draft'),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_guid_key').on(t.guid),
    index('reports_client_period_idx').on(t.clientId, t.periodYear, t.periodMonth),
    index('reports_org_period_idx').on(t.organizationId, t.periodYear, t.periodMonth),
  ],
);

/**
 * One version of one file of a report: uploading (or generating) a file under a name the report already
 * has adds the next version; older versions stay downloadable.
 */
export const reportFiles = pgTable(
  'report_files',
  {
    id: idColumn(),
    guid: guidColumn(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    version: integer('version').notNull(),
    fileKey: text('file_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    source: text('source').$type<'upload' | 'generated'>().notNull(),
    uploadedByUserId: userRef('uploaded_by_user_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('report_files_guid_key').on(t.guid),
    uniqueIndex('report_files_version_key').on(t.reportId, t.originalName, t.version),
  ],
);

/** What happened to a report, for its history (who, when, what). */
export const reportEvents = pgTable(
  'report_events',
  {
    id: idColumn(),
    guid: guidColumn(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReportEventKind>().notNull(),
    detail: text('detail').notNull().default(''),
    userId: userRef('user_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('report_events_guid_key').on(t.guid),
    index('report_events_report_idx').on(t.reportId, t.id),
  ],
);
