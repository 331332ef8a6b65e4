// What other modules may use of groups (docs/architecture.md): never its tables.
export { groupGrantsOf, groupsOfMemberships } from './memberships.ts';
