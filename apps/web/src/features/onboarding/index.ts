export { type ChecklistAudience, OnboardingChecklist } from './OnboardingChecklist.tsx';
export {
  AdvisorClientOnboardingPage,
  ClientOnboardingPage,
  OrgClientOnboardingPage,
  SelfOnboardingPage,
} from './OnboardingPages.tsx';
