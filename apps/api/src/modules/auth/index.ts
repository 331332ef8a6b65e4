// What other modules and app.ts may use of auth (docs/architecture.md).
export { checkSession } from './session-check.ts';
