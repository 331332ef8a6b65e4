import type { DbOrTx } from '../../platform/db.ts';
import { onboardingProgressOf as checklistProgressOf } from '../onboarding/index.ts';

/** Done and total steps of a client's onboarding checklist. */
export interface OnboardingProgress {
  done: number;
  total: number;
}

/**
 * The checklist's step progress per client, from the onboarding module's one read for every id (step
 * statuses computed from the saved records, decision 028), in the portfolio's {done, total} shape.
 */
export async function onboardingProgressOf(
  db: DbOrTx,
  clientIds: readonly number[],
): Promise<Map<number, OnboardingProgress>> {
  const progress = await checklistProgressOf(db, clientIds);
  return new Map(
    [...progress].map(([clientId, p]) => [clientId, { done: p.completedSteps, total: p.totalSteps }]),
  );
}
