// What other modules may use of groups (docs/architecture.md): never its tables.
export { grantSlugsOf, groupGrantsOf, groupsOfMemberships } from './memberships.ts';
