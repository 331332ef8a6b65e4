// What app.ts and other modules may use of mfa (docs/architecture.md): never its tables.
export { startLoginChallenge } from './login.ts';
