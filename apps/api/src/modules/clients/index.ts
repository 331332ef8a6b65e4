// What other modules may use of clients (docs/architecture.md): never its tables or repo.
export {
  type ClientAssignmentRow,
  deleteAssignment,
  insertAssignment,
  setAssignmentKind,
} from './assignments.ts';
export { assertMayManage } from './client-user-access.ts';
export { clientUsersRead } from './client-user-routes.ts';
export { auditScope } from './client-user-service.ts';
export { clientUsersWrite } from './invitation-routes.ts';
export { type ClientOnboardingFields, updateClientOnboardingFields } from './onboarding-writes.ts';
export { clientAssignmentList, clientList, clientUserList } from './query-pieces.ts';
export type { OnboardingProgressPort } from './repo.ts';
