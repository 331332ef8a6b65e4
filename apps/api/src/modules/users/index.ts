// What other modules may use of users (docs/architecture.md): never its tables.

export { userHasFeature } from './features.ts';
export {
  findActiveUserByGuid,
  findActiveUserById,
  findUserByEmail,
  findUserById,
  type UserRow,
} from './lookup.ts';
export type { AccountPolicy } from './profile.ts';
export { userColumns, userList, userListAs } from './query-pieces.ts';
export {
  type InvitedUser,
  insertInvitedUser,
  raiseSessionGeneration,
  type UserChanges,
  updateUser,
} from './writes.ts';
