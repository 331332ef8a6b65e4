import type { DbOrTx } from '../../platform/db.ts';

/** Done and total steps of a client's onboarding checklist. */
export interface OnboardingProgress {
  done: number;
  total: number;
}

/**
 * HOOK POINT for the onboarding module (issue 15 part 1, built by another change): the checklist's step
 * progress per client. Until that module exports its progress read, there is nothing to read, and the
 * portfolio answers `onboarding_progress: null` beside `is_onboarding_completed`. Replace the body with
 * the onboarding module's read (one statement for every id) and add `onboarding` to portfolio's entry in
 * the module map (.dependency-cruiser.cjs).
 */
export async function onboardingProgressOf(
  _db: DbOrTx,
  _clientIds: readonly number[],
): Promise<Map<number, OnboardingProgress>> {
  return new Map();
}
