import {
  ONBOARDING_ANCHOR_VALUES,
  ONBOARDING_ANSWER_ANCHORS,
  ONBOARDING_PROGRESS_STATUS_VALUES,
  ONBOARDING_STEP_STATUS_VALUES,
  TAX_FORM_TYPE_VALUES,
} from '@bp/domain';
import { z } from 'zod';
import { guid, paged } from './common.ts';
import { choice, optionalText, requiredText } from './fields.ts';

// The client onboarding checklist (issue 15, docs/decisions/028-onboarding-checklist.md) under
// /v1/accounts/clients/{clientGuid}/onboarding.

export const onboardingAnchor = choice(ONBOARDING_ANCHOR_VALUES);
export const onboardingAnswerAnchor = choice(ONBOARDING_ANSWER_ANCHORS);
export const onboardingStepStatus = z.enum(ONBOARDING_STEP_STATUS_VALUES);
export const onboardingProgressStatus = z.enum(ONBOARDING_PROGRESS_STATUS_VALUES);

/** A client's onboarding as lists show it (the clients list, advisor and family-office portfolios). */
export const onboardingProgress = z.object({
  completed_steps: z.number().int(),
  total_steps: z.number().int(),
  status: onboardingProgressStatus,
});
export type OnboardingProgress = z.infer<typeof onboardingProgress>;

/** The questionnaire steps' answers: what the organisation asks before it takes a client on. */
export const initialAnswers = z.strictObject({
  /** What the client wants from the service, in its own words. */
  goals: requiredText(2000),
  /** About how many bills arrive in a month. */
  monthly_bill_count: z
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .max(10_000, 'Ensure this value is less than or equal to 10000.'),
  preferred_contact: choice(['email', 'phone'] as const),
});
export const itAnswers = z.strictObject({
  email_provider: optionalText(200).optional(),
  uses_password_manager: z.boolean().default(false),
  notes: optionalText(2000).optional(),
});
export const prelimAnswers = z.strictObject({
  /** Who pays the bills today (the client, an assistant, another firm). */
  current_bill_payer: requiredText(200),
  bank_count: z
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .max(100, 'Ensure this value is less than or equal to 100.'),
  notes: optionalText(2000).optional(),
});
// The answers as saved and answered back: plain shapes (a response cannot be encoded through the
// requests' trimming transforms).
const savedText = z.string().nullable().optional();
export const onboardingAnswers = z.object({
  initial: z
    .object({
      goals: z.string(),
      monthly_bill_count: z.number().int(),
      preferred_contact: z.enum(['email', 'phone']),
    })
    .nullable(),
  it: z
    .object({ email_provider: savedText, uses_password_manager: z.boolean(), notes: savedText })
    .nullable(),
  prelim: z
    .object({ current_bill_payer: z.string(), bank_count: z.number().int(), notes: savedText })
    .nullable(),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;
export type InitialAnswers = z.input<typeof initialAnswers>;
export type ItAnswers = z.input<typeof itAnswers>;
export type PrelimAnswers = z.input<typeof prelimAnswers>;

export const onboardingStep = z.object({
  anchor: onboardingAnchor,
  /** SPEC §9's numeric step id, or null for the anchors it gives none. */
  step_id: z.number().int().nullable(),
  label: z.string(),
  status: onboardingStepStatus,
  required: z.boolean(),
  /** How many records the step is about (entities, documents...); 1/0 for the answer steps. */
  records: z.number().int(),
});
export type OnboardingStep = z.infer<typeof onboardingStep>;

/** GET /v1/accounts/clients/{clientGuid}/onboarding */
export const onboardingChecklist = z.object({
  client: z.object({
    guid,
    name: z.string(),
    primary_contact: z.string().nullable(),
    has_properties: z.boolean(),
    is_onboarding_completed: z.boolean(),
  }),
  steps: z.array(onboardingStep),
  /** Where the checklist opens: the last step visited while unfinished, else the first unfinished. */
  current_anchor: onboardingAnchor,
  last_anchor: onboardingAnchor.nullable(),
  progress: onboardingProgress,
  answers: onboardingAnswers,
  /** False for a read-only audience (observers, advisors): the screens show the steps without forms. */
  can_edit: z.boolean(),
  /** Required steps still empty, in checklist order: submit is refused while any is left. */
  unfinished_required: z.array(onboardingAnchor),
});
export type OnboardingChecklist = z.infer<typeof onboardingChecklist>;

/** PATCH .../onboarding: the autosaved position. */
export const patchOnboardingRequest = z.strictObject({ last_anchor: onboardingAnchor });
export type PatchOnboardingRequest = z.infer<typeof patchOnboardingRequest>;

/** PATCH .../onboarding/client-details: what the client says about itself. */
export const onboardingClientDetailsRequest = z.strictObject({
  primary_contact: requiredText(200),
  has_properties: z.boolean(),
});
export type OnboardingClientDetailsRequest = z.infer<typeof onboardingClientDetailsRequest>;

/** 400 of POST .../onboarding/submit: the required steps still empty. */
export const onboardingIncompleteBody = z.object({ unfinished_steps: z.array(onboardingAnchor) });

export const taxFormType = choice(TAX_FORM_TYPE_VALUES);
/** Other tax forms the client receives or files (k_1, payroll, other): the "other" step. */
export const taxForm = z.object({
  guid,
  form_type: taxFormType,
  issuer: z.string(),
  description: z.string().nullable(),
  created_on: z.string(),
});
export type TaxForm = z.infer<typeof taxForm>;
export const taxFormList = paged(taxForm);
export const createTaxFormRequest = z.strictObject({
  form_type: taxFormType,
  issuer: requiredText(200),
  description: optionalText(2000).optional(),
});
export type CreateTaxFormRequest = z.input<typeof createTaxFormRequest>;

/** Staff assigned to the client: its organisation team. */
export const onboardingTeamMember = z.object({
  /** The staff member's user guid (the assignment routes under organizations/{org}/users/{guid}/clients). */
  user: guid,
  name: z.string(),
  email: z.string(),
  team_label: z.string().nullable(),
  kind: z.enum(['assigned', 'backup']),
});
export const onboardingTeam = z.object({ results: z.array(onboardingTeamMember) });
export type OnboardingTeamMember = z.infer<typeof onboardingTeamMember>;

/** GET v1/versions/config/default_onboarding_team: the levels a client's team is made of by default. */
export const defaultOnboardingTeam = z.object({
  results: z.array(z.object({ team_label: z.string(), kind: z.enum(['assigned', 'backup']) })),
});
export type DefaultOnboardingTeam = z.infer<typeof defaultOnboardingTeam>;
