/** Client onboarding checklist anchors and their numeric step ids (SPEC §3, §9). */
import type { LabelMap } from './define.ts';

/** Anchors of the onboarding checklist, in checklist order. */
export const ONBOARDING_ANCHOR_VALUES = [
  'initial',
  'client_details',
  'it',
  'prelim',
  'entities',
  'commitment',
  'other',
  'docs',
  'team',
  'contacts',
  'banks',
  'properties',
  'app_users',
  'summary',
] as const;
export type OnboardingAnchor = (typeof ONBOARDING_ANCHOR_VALUES)[number];
export const ONBOARDING_ANCHOR_LABELS: LabelMap<OnboardingAnchor> = {
  initial: 'Initial',
  client_details: 'Client Details',
  it: 'IT',
  prelim: 'Prelim',
  entities: 'Entities',
  commitment: 'Commitment',
  other: 'Other',
  docs: 'Docs',
  team: 'Team',
  contacts: 'Contacts',
  banks: 'Banks',
  properties: 'Properties',
  app_users: 'App Users',
  summary: 'Summary',
};

/** Numeric checklist step ids SPEC §9 gives; the other anchors have none. */
export const ONBOARDING_STEP_IDS: Readonly<Partial<Record<OnboardingAnchor, number>>> = {
  prelim: 8,
  entities: 9,
  properties: 48,
  app_users: 49,
  contacts: 50,
  banks: 51,
  summary: 52,
};

/** The numeric step id of an anchor, or `null` when it has none. */
export function onboardingStepId(anchor: OnboardingAnchor): number | null {
  return ONBOARDING_STEP_IDS[anchor] ?? null;
}

/** The anchor of a numeric step id, or `null` for an unknown id. */
export function onboardingAnchorOfStep(stepId: number): OnboardingAnchor | null {
  for (const anchor of ONBOARDING_ANCHOR_VALUES) {
    if (ONBOARDING_STEP_IDS[anchor] === stepId) return anchor;
  }
  return null;
}

/** `is_onboarding_completed` flag values (SPEC §4). */
export const ONBOARDING_NOT_COMPLETED = 0;
export const ONBOARDING_COMPLETED = 1;
