import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every person who signs in: organisation staff and client-side users alike. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Key of the avatar in file storage. */
    avatarKey: text('avatar_key'),
    isActive: boolean('is_active').notNull().default(true),
    /** Internal staff of the platform operator: 'admin' | 'member'; null for everyone else. */
    staff: text('staff', { enum: ['admin', 'member'] }),
    /** 'bporg' for organisation users, 'client' otherwise. */
    type: text('type', { enum: ['bporg', 'client'] }).notNull(),
    /** Advisor or family-office users: 'wealth_manager' | 'family_office'. */
    service: text('service', { enum: ['wealth_manager', 'family_office'] }),
    advisorDashboardEnabled: boolean('advisor_dashboard_enabled').notNull().default(false),
    foaDashboardEnabled: boolean('foa_dashboard_enabled').notNull().default(false),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    /**
     * Carried in every token as `gen`. Raising it ends every session of the user at once (password
     * change or reset, disabling, "sign out everywhere"): tokens with an older generation are refused.
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** pending | active | accepted | pending_invite */
    status: text('status', { enum: ['pending', 'active', 'accepted', 'pending_invite'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_guid_key').on(t.guid),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.lastName, t.firstName),
  ],
);

/** Feature flags per user (VENDOR_MANAGEMENT, ACCOUNT_STATEMENT_FEEDS, ...). */
export const userFeatures = pgTable(
  'user_features',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureName: text('feature_name').notNull(),
  },
  (t) => [uniqueIndex('user_features_user_feature_key').on(t.userId, t.featureName)],
);
