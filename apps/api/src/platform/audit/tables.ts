import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * One row per write: who did it, as whom (masking), what, on which object, the changed fields.
 * Written in the same transaction as the write itself. No foreign keys: the trail outlives its objects.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' }),
    clientId: bigint('client_id', { mode: 'number' }),
    /** The user the request acted as (null for anonymous actions such as a password reset request). */
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    /** The internal staff member behind a mask session, if any. */
    maskedByUserId: bigint('masked_by_user_id', { mode: 'number' }),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectGuid: uuid('object_guid'),
    changes: jsonb('changes').$type<FieldChanges>().notNull().default({}),
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_records_org_created_idx').on(t.organizationId, t.createdAt),
    index('audit_records_actor_created_idx').on(t.actorUserId, t.createdAt),
    index('audit_records_object_idx').on(t.objectType, t.objectGuid),
  ],
);
