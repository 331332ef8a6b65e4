// Who may reach what: the answers the platform's access guard needs from the modules that own users,
// sessions, memberships and clients. Owns no tables; app.ts passes `accessDirectory` to the guard.
import type { AccessDirectory } from '../../platform/access.ts';
import { checkSession } from '../auth/index.ts';
import { readAccess } from './guard-read.ts';
import { clientScope, hasAcceptedTerms, isAdminOfUserGuid, membershipScope } from './scopes.ts';

export const accessDirectory: AccessDirectory = {
  read: readAccess,
  checkSession,
  membershipScope,
  clientScope,
  isAdminOfUserGuid,
  hasAcceptedTerms,
};
export { administersRecipient } from './outbox-readers.ts';
