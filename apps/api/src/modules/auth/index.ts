// What other modules and app.ts may use of auth (docs/architecture.md).

export { needsMfaSetup, sessionClaimsFor } from './claims.ts';
export { issueOneTimeToken, useUpTokens } from './one-time-tokens.ts';
export { blacklistRefresh } from './repo.ts';
export { checkSession, sessionRevoked } from './session-check.ts';
export type { LoginChallengeStarter } from './session-service.ts';
export { assertNotThrottled, MAX_TOKEN_CHECKS, recordAttempt } from './throttle.ts';
