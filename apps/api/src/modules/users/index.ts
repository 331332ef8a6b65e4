// What other modules may use of users (docs/architecture.md): never its tables.
export { findActiveUserByGuid, findUserByEmail, type UserRow } from './lookup.ts';
export type { AccountPolicy } from './profile.ts';
