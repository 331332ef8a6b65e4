import type { OnboardingAnswers } from '@bp/contracts';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';

const clientRef = () =>
  bigint('client_id', { mode: 'number' })
    .notNull()
    .references(() => clientsPrimaryKey, { onDelete: 'cascade' });

/**
 * A client's onboarding position and questionnaire answers (one row per client, made on the first save).
 * Step statuses are not stored: they are computed from the records each step is about (domain onboarding.ts).
 */
export const clientOnboarding = pgTable(
  'client_onboarding',
  {
    id: idColumn(),
    clientId: clientRef(),
    /** The step last opened (autosave): the checklist resumes there while it is unfinished. */
    lastAnchor: text('last_anchor'),
    /** Every step opened: a required step opened and left empty needs attention. */
    visitedAnchors: text('visited_anchors').array().notNull().default([]),
    /** Answers of the questionnaire steps (initial, it, prelim), each validated by its contract. */
    answers: jsonb('answers').$type<Partial<OnboardingAnswers>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_onboarding_client_key').on(t.clientId)],
);

/** Other tax forms the client receives or files: k_1, payroll, other (the checklist's "other" step). */
export const onboardingTaxForms = pgTable(
  'onboarding_tax_forms',
  {
    id: idColumn(),
    guid: guidColumn(),
    clientId: clientRef(),
    formType: text('form_type', { enum: ['k_1', 'payroll', 'other'] }).notNull(),
    issuer: text('issuer').notNull(),
    description: text('description'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('onboarding_tax_forms_guid_key').on(t.guid),
    index('onboarding_tax_forms_client_idx').on(t.clientId, t.createdAt),
  ],
);
