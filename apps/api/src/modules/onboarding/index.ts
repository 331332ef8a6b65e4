// What other modules and app.ts may use of onboarding (docs/architecture.md): never its tables.

// Per client {completedSteps, totalSteps, status} in one query: lists, advisor and family-office portfolios.
export { onboardingProgressOf, onboardingStatusCondition } from './progress.ts';
export { registerOnboardingRoutes } from './routes.ts';
