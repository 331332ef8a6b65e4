// What other modules and app.ts may use of organizations (docs/architecture.md): never its tables.
export {
  isPasswordExpired,
  memberOfOrganizationRequiringMfa,
  organizationRequiresMfa,
} from './account-policies.ts';
export {
  insertMembership,
  type MembershipChanges,
  updateMembership,
} from './memberships.ts';
export { type MembershipRow, membershipColumns, memberships, organizationList } from './query-pieces.ts';
