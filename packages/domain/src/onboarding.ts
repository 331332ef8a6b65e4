/**
 * The onboarding checklist's rules (issue 15, docs/decisions/028-onboarding-checklist.md): which steps a
 * client must finish before it can submit, and a step's status from what is saved, never from a box ticked.
 */
import { ONBOARDING_ANCHOR_VALUES, type OnboardingAnchor } from './enums/onboarding.ts';

/** Step statuses shown as chips. */
export const ONBOARDING_STEP_STATUS_VALUES = ['done', 'not_started', 'needs_attention'] as const;
export type OnboardingStepStatus = (typeof ONBOARDING_STEP_STATUS_VALUES)[number];

/** A client's onboarding as a whole: the clients list shows and filters by it. */
export const ONBOARDING_PROGRESS_STATUS_VALUES = ['not_started', 'in_progress', 'completed'] as const;
export type OnboardingProgressStatus = (typeof ONBOARDING_PROGRESS_STATUS_VALUES)[number];
export const ONBOARDING_PROGRESS_STATUS_LABELS: Record<OnboardingProgressStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
};

/**
 * Steps that must be done before the summary can be submitted: without them the organisation cannot pay a
 * bill (no entity, no commitment, nobody to approve) or serve the client (no team, no documents). The others
 * are asked for but may stay empty; properties become required when the client says it has some.
 */
export const ONBOARDING_REQUIRED_ANCHORS: readonly OnboardingAnchor[] = [
  'initial',
  'client_details',
  'entities',
  'commitment',
  'docs',
  'team',
  'app_users',
];

/** The anchors the questionnaire steps save answers for (the other steps save real records). */
export const ONBOARDING_ANSWER_ANCHORS = ['initial', 'it', 'prelim'] as const;
export type OnboardingAnswerAnchor = (typeof ONBOARDING_ANSWER_ANCHORS)[number];

/** What is saved for one client, as counts: the only input of the step statuses. */
export interface OnboardingFacts {
  answeredAnchors: readonly string[];
  hasPrimaryContact: boolean;
  hasProperties: boolean;
  entities: number;
  commitments: number;
  taxForms: number;
  documents: number;
  team: number;
  contacts: number;
  banks: number;
  properties: number;
  appUsers: number;
  completed: boolean;
  /** Anchors the user has been on (autosaved): a required step left empty after a visit needs attention. */
  visitedAnchors: readonly string[];
}

/** Is the step's record there? (`summary` is there once the onboarding was submitted.) */
export function onboardingStepHasRecords(anchor: OnboardingAnchor, facts: OnboardingFacts): boolean {
  switch (anchor) {
    case 'initial':
    case 'it':
    case 'prelim':
      return facts.answeredAnchors.includes(anchor);
    case 'client_details':
      return facts.hasPrimaryContact;
    case 'entities':
      return facts.entities > 0;
    case 'commitment':
      return facts.commitments > 0;
    case 'other':
      return facts.taxForms > 0;
    case 'docs':
      return facts.documents > 0;
    case 'team':
      return facts.team > 0;
    case 'contacts':
      return facts.contacts > 0;
    case 'banks':
      return facts.banks > 0;
    case 'properties':
      return facts.properties > 0;
    case 'app_users':
      return facts.appUsers > 0;
    case 'summary':
      return facts.completed;
  }
}

export function isOnboardingStepRequired(anchor: OnboardingAnchor, facts: OnboardingFacts): boolean {
  return ONBOARDING_REQUIRED_ANCHORS.includes(anchor) || (anchor === 'properties' && facts.hasProperties);
}

/**
 * done when its records exist; needs_attention when a required step is empty although the user has been on
 * it or the onboarding was already submitted (a record deleted since); not_started otherwise.
 */
export function onboardingStepStatus(anchor: OnboardingAnchor, facts: OnboardingFacts): OnboardingStepStatus {
  if (onboardingStepHasRecords(anchor, facts)) return 'done';
  if (anchor === 'summary') return 'not_started';
  const required = isOnboardingStepRequired(anchor, facts);
  if (required && (facts.completed || facts.visitedAnchors.includes(anchor))) return 'needs_attention';
  if (anchor === 'properties' && facts.hasProperties) return 'needs_attention';
  return 'not_started';
}

/** Required steps not done yet, in checklist order: the reason a submit is refused. */
export function unfinishedRequiredSteps(facts: OnboardingFacts): OnboardingAnchor[] {
  return ONBOARDING_ANCHOR_VALUES.filter(
    (anchor) =>
      anchor !== 'summary' &&
      isOnboardingStepRequired(anchor, facts) &&
      !onboardingStepHasRecords(anchor, facts),
  );
}

/** The step to open: the last one visited while it is unfinished, else the first unfinished, else summary. */
export function resumeAnchor(facts: OnboardingFacts, lastAnchor: string | null): OnboardingAnchor {
  const last = ONBOARDING_ANCHOR_VALUES.find((anchor) => anchor === lastAnchor);
  if (last && last !== 'summary' && !onboardingStepHasRecords(last, facts)) return last;
  return ONBOARDING_ANCHOR_VALUES.find((anchor) => !onboardingStepHasRecords(anchor, facts)) ?? 'summary';
}

/** The whole: completed once submitted, not started while no step is done, in progress between. */
export function onboardingProgressStatus(
  completed: boolean,
  completedSteps: number,
): OnboardingProgressStatus {
  if (completed) return 'completed';
  return completedSteps > 0 ? 'in_progress' : 'not_started';
}

/** Staff team levels the organisation fills when it assigns a client's team (GET default_onboarding_team). */
export const DEFAULT_ONBOARDING_TEAM = [
  { team_label: 'Associate', kind: 'assigned' },
  { team_label: 'Lead', kind: 'assigned' },
  { team_label: 'Manager', kind: 'backup' },
] as const;
