import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What onboarding refuses with; the edge answers it (platform/http/error-answer.ts). */
export class OnboardingError extends DomainError {}

export const { forbidden, notFound } = refusalsOf(OnboardingError);
