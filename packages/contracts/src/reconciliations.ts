/**
 * The reconciliation workflow (issue 14): an account-period of a client moves through the thirteen
 * steps of SPEC §3 (Open → … → Active). Client base: /v1/reports/clients/{clientGuid}/reconciliations;
 * the work queues: /v1/reports/organizations/{organizationGuid}/reconciliations.
 */
import { RECONCILIATION_STEP_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { queryFlag } from './entities.ts';
import { choice, requiredText } from './fields.ts';
import { personRef } from './person-ref.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');
export const reconciliationStep = choice(RECONCILIATION_STEP_VALUES);

/** The review steps, the preparer's four-eyes rule applies to each (SPEC §3, /workflow/review). */
export const REVIEW_STEPS = [
  'Initial Review',
  'Secondary Review',
  'Final Review',
  'Reconciliation Review',
  'GL Review',
  'Financial Review',
] as const;
/** The review queue's levels and the step each names. */
export const REVIEW_LEVELS = {
  initial: 'Initial Review',
  secondary: 'Secondary Review',
  final: 'Final Review',
  reconciliation: 'Reconciliation Review',
  gl: 'GL Review',
  financial: 'Financial Review',
} as const;
export type ReviewLevel = keyof typeof REVIEW_LEVELS;

export const createReconciliationRequest = z
  .object({
    entity: guid,
    /** An account of the entity, or null for the entity's books as a whole. */
    account: guid.nullable().optional(),
    period_start: isoDate,
    period_end: isoDate,
    due_date: isoDate,
    assignee: guid.nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.period_end < v.period_start) {
      ctx.addIssue({
        code: 'custom',
        path: ['period_end'],
        message: 'The period must end on or after its start.',
      });
    }
  });
export type CreateReconciliationRequest = z.input<typeof createReconciliationRequest>;

/** Moves one step forward (to_step must be the next step). */
export const moveReconciliationRequest = z.object({ to_step: reconciliationStep }).strict();
/** Moves back to an earlier step, saying why. */
export const moveBackReconciliationRequest = z
  .object({ to_step: reconciliationStep, reason: requiredText(1000) })
  .strict();
export const bulkAssignReconciliationsRequest = z
  .object({
    reconciliations: z.array(guid).min(1, 'Choose at least one reconciliation.').max(200),
    assignee: guid.nullable(),
  })
  .strict();

export const reconciliation = z.object({
  guid,
  client: z.object({ guid, name: z.string() }),
  entity: z.object({ guid, name: z.string() }),
  account: z.object({ guid, name: z.string() }).nullable(),
  period_start: z.string(),
  period_end: z.string(),
  due_date: z.string(),
  is_overdue: z.boolean(),
  step: z.enum(RECONCILIATION_STEP_VALUES),
  assignee: personRef.nullable(),
  /** Who completed the reconciliation (moved it past Reconcile): may not review it. */
  preparer: personRef.nullable(),
  created_on: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliation>;
export const reconciliationList = paged(reconciliation);

export const reconciliationListQuery = pageQuery.extend({
  /** true: those back to Active (the inactive list); default the ones in progress. */
  inactive: queryFlag.optional(),
  client: guid.optional(),
  entity: guid.optional(),
  assignee: guid.optional(),
  step: z.enum(RECONCILIATION_STEP_VALUES).optional(),
  /** A review level: only what waits for that review (/workflow/review). */
  review: z.enum(Object.keys(REVIEW_LEVELS) as [ReviewLevel, ...ReviewLevel[]]).optional(),
  /** overdue: due before today; today; week: due within 7 days. */
  due: z.enum(['overdue', 'today', 'week']).optional(),
  /** YYYY-MM: only periods ending in that month (the dashboard's progress for the month). */
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .optional(),
});
export type ReconciliationFilters = z.infer<typeof reconciliationListQuery>;
export type ReconciliationListQuery = z.input<typeof reconciliationListQuery>;

export const reconciliationCounts = z.object({
  total: z.number().int(),
  overdue: z.number().int(),
  by_step: z.record(z.string(), z.number().int()),
});

export const reconciliationMove = z.object({
  from_step: z.enum(RECONCILIATION_STEP_VALUES),
  to_step: z.enum(RECONCILIATION_STEP_VALUES),
  direction: z.enum(['created', 'forward', 'back', 'assigned']),
  reason: z.string().nullable(),
  user: personRef.nullable(),
  created_on: z.string(),
});
export const reconciliationHistory = paged(reconciliationMove);
export const bulkAssignResult = z.object({ updated: z.number().int() });
